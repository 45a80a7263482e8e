/**
 * The Svelte adapter on the server: a page inside its layouts to HTML, with the sdk/svelte
 * helpers. The adapter and the components are compiled for the server as an app's build does.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Component } from "svelte";
import type { PagePayload, PageTree, RenderedPage, UiServerAdapter } from "../../../../runtime/pages/types.ts";
import { importServerBuild, SVELTE_RUNTIME, writeFiles } from "../../../helpers/svelte-bundle.ts";

/** `sdk/svelte` as our sources, for the components to import. */
const SDK_SVELTE = `${SVELTE_RUNTIME}/index.ts`;

const COMPONENTS = ["RootLayout", "BlogLayout", "Post", "Home", "PageInfo", "Frontmatter", "RouterUser", "StrayParams", "NavLink", "RemoveForm", "EditForm", "Counter", "Broken", "Titled"] as const;

const FILES = {
  "entry.ts": [
    `export { svelteServerAdapter } from "${SVELTE_RUNTIME}/server.ts";`,
    `export { markdownPage } from "${SVELTE_RUNTIME}/markdown.ts";`,
    'export { render } from "svelte/server";',
    ...COMPONENTS.map((name) => `export { default as ${name} } from "./${name}.svelte";`),
  ].join("\n"),
  "RootLayout.svelte": '<script>let { children } = $props();</script><div class="root"><nav>site</nav>{@render children()}</div>',
  "BlogLayout.svelte": '<script>let { children } = $props();</script><section class="blog">{@render children()}</section>',
  "Post.svelte": '<script lang="ts">let { title, tags }: { title: string; tags: string[] } = $props();</script><article><h1>{title}</h1>{tags.join(",")}</article>',
  "Home.svelte": "<main>home</main>",
  "PageInfo.svelte": [
    '<script lang="ts">',
    `  import { useFrontmatter, usePage, useParams } from "${SDK_SVELTE}";`,
    "  const params = useParams<{ slug: string }>();",
    "  const frontmatter = useFrontmatter<{ title: string }>();",
    "  const page = usePage();",
    "</script>",
    '<p>{[params.slug, frontmatter.title, page.url, page.id, page.params.slug].join("|")}</p>',
  ].join("\n"),
  "Frontmatter.svelte": `<script>import { useFrontmatter } from "${SDK_SVELTE}"; const frontmatter = useFrontmatter();</script><p>{JSON.stringify(frontmatter)}</p>`,
  "RouterUser.svelte": `<script>import { useRouter } from "${SDK_SVELTE}"; let { capture } = $props(); capture(useRouter());</script><p>ok</p>`,
  "StrayParams.svelte": `<script>import { useParams } from "${SDK_SVELTE}"; const params = useParams();</script><p>{params.id}</p>`,
  "NavLink.svelte": `<script>import { Link } from "${SDK_SVELTE}";</script><Link href="/about" class="nav" prefetch={false}>About</Link>`,
  "RemoveForm.svelte": `<script>import { Form } from "${SDK_SVELTE}";</script><Form action="?remove" class="f"><button name="id" value="7">Remove</button></Form>`,
  "EditForm.svelte": [
    '<script lang="ts">',
    `  import { Form, useForm } from "${SDK_SVELTE}";`,
    "  const form = useForm<unknown, { title: string }>();",
    "</script>",
    '<Form {form}><input name="title" /><em>{form.errors?.title ?? ""}</em><i>{String(form.status)}:{form.pending}</i></Form>',
  ].join("\n"),
  "Counter.svelte": "<script>let { children } = $props(); let count = $state(3);</script><div>{count}{@render children()}</div>",
  "Titled.svelte": '<script>let { title } = $props();</script><svelte:head><title>{title}</title><meta name="description" content="about {title}"></svelte:head><h1>{title}</h1>',
  "Broken.svelte": '<script>throw new Error("boom in page");</script><p>never</p>',
};

type ServerBuild = Record<(typeof COMPONENTS)[number], Component<any>> & {
  svelteServerAdapter: UiServerAdapter<Component<any>, RenderedPage>;
  markdownPage: (html: string) => Component;
  /** svelte/server's, for components rendered outside a page. */
  render: (component: Component<any>) => { body: string };
};

const built = importServerBuild<ServerBuild>(writeFiles(FILES), "entry.ts");

/** Svelte's hydration markers (`<!--[-->`) are no part of what the page shows. */
const withoutMarkers = (html: string) => html.replace(/<!--[^]*?-->/g, "");

function tree(page: Component<any>, options: { layouts?: Component<any>[]; payload?: Partial<PagePayload>; url?: string } = {}): PageTree<Component<any>> {
  const layouts = (options.layouts ?? []).map((component, depth) => ({ id: `pages/${"nested/".repeat(depth)}layout.svelte`, component }));
  const payload: PagePayload = { version: "v1", page: "pages/page.svelte", layouts: layouts.map((layout) => layout.id), props: {}, params: {}, head: {}, ssr: true, ...options.payload };
  return { layouts, page: { id: payload.page, component: page }, payload, url: options.url ?? "/" };
}

async function render(value: PageTree<Component<any>>): Promise<string> {
  const { svelteServerAdapter } = await built;
  return withoutMarkers((await svelteServerAdapter.renderToString(value)).body);
}

test("a page renders inside its layouts, outermost first, with the loader's props", async () => {
  const { Post, RootLayout, BlogLayout } = await built;
  const html = await render(tree(Post, { layouts: [RootLayout, BlogLayout], payload: { page: "pages/blog/[slug].svelte", props: { title: "Hello", tags: ["a", "b"] } } }));
  assert.is(html, '<div class="root"><nav>site</nav><section class="blog"><article><h1>Hello</h1>a,b</article></section></div>');
});

test("a plain page's HTML is there at once, not a promise: the document needs no microtask for it", async () => {
  const { Home, RootLayout, svelteServerAdapter } = await built;
  const rendered = svelteServerAdapter.renderToString(tree(Home, { layouts: [RootLayout] }));
  assert.not.instance(rendered, Promise);
  assert.is(withoutMarkers((rendered as RenderedPage).body), '<div class="root"><nav>site</nav><main>home</main></div>');
  assert.is((rendered as RenderedPage).head, "", "no <svelte:head>, nothing for the head");
});

test("what <svelte:head> writes comes back for the document's head, with the markers hydration finds it by", async () => {
  const { Titled, RootLayout, svelteServerAdapter } = await built;
  const { body, head } = await svelteServerAdapter.renderToString(tree(Titled, { layouts: [RootLayout], payload: { props: { title: "Hi <you>" } } }));
  assert.is(withoutMarkers(head), '<meta name="description" content="about Hi &lt;you>"/><title>Hi &lt;you></title>');
  assert.match(head, /^<!--[\w-]+-->/);
  assert.is(withoutMarkers(body), '<div class="root"><nav>site</nav><h1>Hi &lt;you></h1></div>');
});

test("the ids that key each level stay out of the HTML", async () => {
  const { Home, RootLayout, BlogLayout } = await built;
  const html = await render(tree(Home, { layouts: [RootLayout, BlogLayout] }));
  for (const leak of ["layout.svelte", "page.svelte"]) assert.not.ok(html.includes(leak), leak);
});

test("a page with no layouts renders alone", async () => {
  assert.is(await render(tree((await built).Home)), "<main>home</main>");
});

test("useParams, useFrontmatter and usePage read the page being rendered", async () => {
  const html = await render(
    tree((await built).PageInfo, { url: "/docs/a?x=1", payload: { page: "pages/docs/[slug].md", params: { slug: "a" }, frontmatter: { title: "Intro" } } }),
  );
  assert.is(html, "<p>a|Intro|/docs/a?x=1|pages/docs/[slug].md|a</p>");
});

test("useFrontmatter is {} on a page without frontmatter", async () => {
  assert.is(await render(tree((await built).Frontmatter)), "<p>{}</p>");
});

test("useRouter works on the server, where calling it says the router lives in the browser", async () => {
  let router: { prefetch(url: string): void } | undefined;
  const { RouterUser, svelteServerAdapter } = await built;
  const page = tree(RouterUser, { payload: { props: { capture: (value: typeof router) => (router = value) } } });
  assert.is(withoutMarkers((await svelteServerAdapter.renderToString(page)).body), "<p>ok</p>");
  assert.throws(() => router!.prefetch("/a"), /only in the browser/);
});

test("a helper outside a page names the mistake", async () => {
  const { render: renderComponent, StrayParams } = await built;
  assert.throws(() => renderComponent(StrayParams).body, /only inside a page/);
});

test("Link is a plain anchor on the server, outside a page too", async () => {
  const { NavLink, render: renderComponent } = await built;
  assert.is(await render(tree(NavLink)), '<a href="/about" class="nav">About</a>');
  assert.is(withoutMarkers(renderComponent(NavLink).body), '<a href="/about" class="nav">About</a>');
});

test("Form posts with the browser when JavaScript is off", async () => {
  const html = await render(tree((await built).RemoveForm));
  assert.match(html, /^<form [^>]*method="post"[^>]*>.*<\/form>$/);
  for (const attribute of ['action="?remove"', 'class="f"', 'name="id"']) assert.match(html, attribute);
});

test("useForm starts from the action result the server rendered the page with (422 without JavaScript)", async () => {
  const { EditForm } = await built;
  const html = await render(tree(EditForm, { payload: { action: { status: 422, errors: { title: "Title is required" } } } }));
  assert.match(html, "<em>Title is required</em><i>422:false</i>");
  assert.match(await render(tree(EditForm)), "<em></em><i>undefined:false</i>");
});

test("a Markdown page is its HTML in a div, as set at build time", async () => {
  const { markdownPage, RootLayout } = await built;
  const html = await render(tree(markdownPage('<h1 id="intro">Intro</h1><p>text</p>'), { layouts: [RootLayout] }));
  assert.is(html, '<div class="root"><nav>site</nav><div class="sdk-markdown"><h1 id="intro">Intro</h1><p>text</p></div></div>');
});

test("layouts render with their state", async () => {
  const { Counter, Home } = await built;
  assert.is(await render(tree(Home, { layouts: [Counter] })), "<div>3<main>home</main></div>");
});

test("a component that throws rejects the render with its error", async () => {
  const { Broken, RootLayout } = await built;
  const failure = await render(tree(Broken, { layouts: [RootLayout] })).then(
    () => null,
    (error: Error) => error,
  );
  assert.match(failure?.message ?? "resolved", "boom in page");
});

test.run();
