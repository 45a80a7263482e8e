/** The Solid adapter on the server: a page inside its layouts to HTML, with the sdk/solid helpers. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Component } from "solid-js";
import type { PagePayload, PageTree, UiServerAdapter } from "../../../../runtime/pages/types.ts";
import { importServerBundle } from "../../../helpers/ui-solid-bundle.ts";

const FIXTURE = `
import { createResource, createSignal, createUniqueId, lazy, onCleanup, Suspense, type ParentProps } from "solid-js";
import { renderToString } from "solid-js/web";
import { Form, Link, useForm, useFrontmatter, usePage, useParams, useRouter } from "sdk/solid";
import { markdownPage } from "sdk/runtime/ui/solid/markdown";
export { solidServerAdapter } from "sdk/runtime/ui/solid/server";
export { renderToString };

export const RootLayout = (props: ParentProps) => <div class="root"><nav>site</nav>{props.children}</div>;
export const BlogLayout = (props: ParentProps) => <section class="blog">{props.children}</section>;
export const Post = (props: { title: string; tags: string[] }) => <article><h1>{props.title}</h1>{props.tags.join(",")}</article>;
export const Plain = () => <p>x</p>;
export const Home = () => <main>home</main>;

export function Reader() {
  const params = useParams<{ slug: string }>();
  const frontmatter = useFrontmatter<{ title: string }>();
  const page = usePage();
  return <p>{[params.slug, frontmatter.title, page.url, page.id].join("|")}</p>;
}
export const FrontmatterJson = () => <p>{JSON.stringify(useFrontmatter())}</p>;

export let router: ReturnType<typeof useRouter> | undefined;
export function RouterUser() {
  router = useRouter();
  return <p>ok</p>;
}
export const Stray = () => <p>{useParams().id}</p>;

export const LinkPage = () => <Link href="/about" class="nav" prefetch={false}>About</Link>;
export const StrayLink = () => <Link href="/x">X</Link>;
export const FormPage = () => <Form action="?remove" class="f"><button name="id" value="7">Remove</button></Form>;
export function FormState() {
  const form = useForm<unknown, { title: string }>();
  return <Form form={form}><input name="title" /><em>{form.errors?.title}</em><i>{\`\${form.status}:\${form.pending}\`}</i></Form>;
}

export function Counter(props: ParentProps) {
  const [count] = createSignal(3);
  return <div id={createUniqueId()}>{count()}{props.children}</div>;
}

const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));
export function Resourced() {
  const [title] = createResource(() => later("late title"));
  const Lazy = lazy(async () => ({ default: () => <i>lazy part</i> }));
  return (
    <main>
      <Suspense fallback={<span>loading</span>}><h1>{title()}</h1></Suspense>
      <Suspense fallback="…"><Lazy /></Suspense>
    </main>
  );
}
function LatePage() {
  const [title] = createResource(() => later("late"));
  return <h2>{title()} {usePage().url}</h2>;
}
export const ReadsAfterResource = () => <Suspense fallback={<span>loading</span>}><LatePage /></Suspense>;

export const cleaned: string[] = [];
export function CleansUp() {
  onCleanup(() => cleaned.push("page"));
  return <p>cleaned</p>;
}
export function Broken(): never {
  throw new Error("boom in page");
}
export const Markdown = markdownPage("<h2 id=\\"a\\">A</h2><p>text</p>");
`;

interface Fixture {
  solidServerAdapter: UiServerAdapter<Component<any>, string>;
  cleaned: string[];
  renderToString(code: () => unknown): string;
  router?: { prefetch(url: string): void };
}
/** The fixture's exports: its components by name, and the few other things the tests call. */
const fixture = (await importServerBundle(FIXTURE)) as Fixture & Record<string, Component<any>>;

function tree(page: Component<any>, options: { layouts?: Component<any>[]; payload?: Partial<PagePayload>; url?: string } = {}): PageTree<Component<any>> {
  const layouts = (options.layouts ?? []).map((component, depth) => ({ id: `pages/${"nested/".repeat(depth)}layout.tsx`, component }));
  const payload: PagePayload = { version: "v1", page: "pages/page.tsx", layouts: layouts.map((layout) => layout.id), props: {}, params: {}, head: {}, ssr: true, ...options.payload };
  return { layouts, page: { id: payload.page, component: page }, payload, url: options.url ?? "/" };
}

const HYDRATION_SCRIPT = /^<script>window\._\$HY\|\|[^]*?<\/script><!--xs-->/;

/**
 * The page's HTML without the hydration script that opens it, hydration keys and Solid's markers,
 * and with the spaces Solid's element renderer (Dynamic, which Link, Form and Markdown use)
 * leaves in a class value and before `>` taken out.
 */
async function render(value: PageTree<Component<any>>): Promise<string> {
  const html = await fixture.solidServerAdapter.renderToString(value);
  return html
    .replace(HYDRATION_SCRIPT, "")
    .replace(/ data-hk="[^"]*"/g, "")
    .replace(/<!--[^]*?-->/g, "")
    .replace(/ class="([^"]*?) "/g, ' class="$1"')
    .replace(/ >/g, ">");
}

test("the hydration script opens the HTML, before the page, for hydrate() to find", async () => {
  const html = await fixture.solidServerAdapter.renderToString(tree(fixture.Home!));
  assert.match(html, HYDRATION_SCRIPT);
  assert.match(html.replace(HYDRATION_SCRIPT, ""), /^<main data-hk="[^"]+">home<\/main>$/);
});

test("a page renders inside its layouts, outermost first, with the loader's props", async () => {
  const html = await render(tree(fixture.Post!, { layouts: [fixture.RootLayout!, fixture.BlogLayout!], payload: { props: { title: "Hello", tags: ["a", "b"] } } }));
  assert.is(html, '<div class="root"><nav>site</nav><section class="blog"><article><h1>Hello</h1>a,b</article></section></div>');
});

test("the ids that key each level stay out of the HTML", async () => {
  const html = await render(tree(fixture.Plain!, { layouts: [fixture.RootLayout!, fixture.BlogLayout!] }));
  for (const leak of ["layout.tsx", "page.tsx"]) assert.not.ok(html.includes(leak), leak);
});

test("useParams, useFrontmatter and usePage read the page being rendered", async () => {
  const html = await render(tree(fixture.Reader!, { url: "/docs/a?x=1", payload: { page: "pages/docs/[slug].md", params: { slug: "a" }, frontmatter: { title: "Intro" } } }));
  assert.is(html, "<p>a|Intro|/docs/a?x=1|pages/docs/[slug].md</p>");
});

test("useFrontmatter is {} on a page without frontmatter, and reads as a plain object", async () => {
  assert.is(await render(tree(fixture.FrontmatterJson!)), "<p>{}</p>");
  assert.is(await render(tree(fixture.FrontmatterJson!, { payload: { frontmatter: { section: "guide" } } })), '<p>{"section":"guide"}</p>');
});

test("useRouter works on the server, where calling it says the router lives in the browser", async () => {
  assert.is(await render(tree(fixture.RouterUser!)), "<p>ok</p>");
  assert.throws(() => fixture.router!.prefetch("/a"), /only in the browser/);
});

test("a helper outside a page names the mistake", () => {
  assert.throws(() => fixture.renderToString(() => fixture.Stray!({})), /only inside a page/);
});

test("Link is a plain anchor on the server, outside a page too", async () => {
  assert.is(await render(tree(fixture.LinkPage!)), '<a href="/about" class="nav">About</a>');
  assert.match(fixture.renderToString(() => fixture.StrayLink!({})), /^<a data-hk="[^"]*" href="\/x" ?>X<\/a>$/);
});

test("Form posts with the browser when JavaScript is off", async () => {
  const html = await render(tree(fixture.FormPage!));
  assert.match(html, /^<form [^>]*method="post"[^>]*>.*<\/form>$/);
  for (const attribute of ['action="?remove"', 'class="f"', 'name="id"']) assert.match(html, attribute);
});

test("useForm starts from the action result the server rendered the page with (422 without JavaScript)", async () => {
  const html = await render(tree(fixture.FormState!, { payload: { action: { status: 422, errors: { title: "Title is required" } } } }));
  assert.match(html, "<em>Title is required</em><i>422:false</i>");
  assert.match(await render(tree(fixture.FormState!)), "<em></em><i>undefined:false</i>");
});

test("layouts and pages render with their primitives: signals and ids", async () => {
  assert.match(await render(tree(fixture.Plain!, { layouts: [fixture.Counter!] })), /^<div id="[^"]+">3<p>x<\/p><\/div>$/);
});

test("resources and lazy components are awaited: the HTML is complete, with their data for hydration", async () => {
  const html = await fixture.solidServerAdapter.renderToString(tree(fixture.Resourced!, { layouts: [fixture.RootLayout!] }));
  const page = html.replace(/<!--[^]*?-->/g, "");
  assert.match(page, /<h1[^>]*>late title<\/h1>/);
  assert.match(page, /<i[^>]*>lazy part<\/i>/);
  assert.not.match(page, "loading");
  assert.match(html, /<script>[^<]*late title[^<]*<\/script>$/, "the resource's value travels for hydration");
});

test("a boundary rendered again once its resource resolves still reads the page", async () => {
  const html = await fixture.solidServerAdapter.renderToString(tree(fixture.ReadsAfterResource!, { url: "/late?x=1" }));
  assert.match(html.replace(/<!--[^]*?-->/g, ""), /<h2[^>]*>late \/late\?x=1<\/h2>/);
});

test("the render's owners are disposed with it: a page's onCleanup runs once its HTML is complete", async () => {
  const html = await fixture.solidServerAdapter.renderToString(tree(fixture.CleansUp!, { layouts: [fixture.RootLayout!] }));
  assert.match(html, "<p");
  assert.equal(fixture.cleaned, ["page"]);
});

test("a component that throws rejects the render with its error", async () => {
  const failure = await Promise.resolve()
    .then(() => fixture.solidServerAdapter.renderToString(tree(fixture.Broken!, { layouts: [fixture.RootLayout!] })))
    .then(() => null, (error: Error) => error);
  assert.match(failure?.message ?? "resolved", "boom in page");
});

test("a Markdown page is its HTML as is, in a div", async () => {
  assert.is(await render(tree(fixture.Markdown!)), '<div class="sdk-markdown"><h2 id="a">A</h2><p>text</p></div>');
});

test.run();
