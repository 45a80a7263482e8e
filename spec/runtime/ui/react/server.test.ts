/** The React adapter on the server: a page inside its layouts to HTML, with the sdk/react helpers. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createElement as h, lazy, Suspense, use, useId, useState, type ComponentType, type ReactNode } from "react";
import type { PagePayload, PageTree } from "../../../../runtime/pages/types.ts";
import { reactServerAdapter } from "../../../../runtime/ui/react/server.ts";
import { Form, Link, useForm, useFrontmatter, usePage, useParams, useRouter } from "../../../../runtime/ui/react/index.ts";

function tree(page: ComponentType<any>, options: { layouts?: ComponentType<any>[]; payload?: Partial<PagePayload>; url?: string } = {}): PageTree<ComponentType<any>> {
  const layouts = (options.layouts ?? []).map((component, depth) => ({ id: `pages/${"nested/".repeat(depth)}layout.tsx`, component }));
  const payload: PagePayload = { version: "v1", page: "pages/page.tsx", layouts: layouts.map((layout) => layout.id), props: {}, params: {}, head: {}, ssr: true, ...options.payload };
  return { layouts, page: { id: payload.page, component: page }, payload, url: options.url ?? "/" };
}

const render = (value: PageTree<ComponentType<any>>) => reactServerAdapter.renderToString(value);

const RootLayout = ({ children }: { children: ReactNode }) => h("div", { className: "root" }, h("nav", null, "site"), children);
const BlogLayout = ({ children }: { children: ReactNode }) => h("section", { className: "blog" }, children);

test("a page renders inside its layouts, outermost first, with the loader's props", async () => {
  const Post = ({ title, tags }: { title: string; tags: string[] }) => h("article", null, h("h1", null, title), tags.join(","));
  const html = await render(
    tree(Post, { layouts: [RootLayout, BlogLayout], payload: { page: "pages/blog/[slug].tsx", props: { title: "Hello", tags: ["a", "b"] } } }),
  );
  assert.is(html, '<div class="root"><nav>site</nav><section class="blog"><article><h1>Hello</h1>a,b</article></section></div>');
});

test("a page that does not suspend is rendered at once, not a promise: the document needs no microtask for it", () => {
  const html = render(tree(() => h("main", null, "home"), { layouts: [RootLayout] }));
  assert.is(html, '<div class="root"><nav>site</nav><main>home</main></div>');
});

test("the ids that key each level stay out of the HTML", async () => {
  const html = await render(tree(() => h("p", null, "x"), { layouts: [RootLayout, BlogLayout] }));
  for (const leak of ["layout.tsx", "page.tsx", "key"]) assert.not.ok(html.includes(leak), leak);
});

test("a page with no layouts and no loader renders alone", async () => {
  assert.is(await render(tree(() => h("main", null, "home"), { payload: { props: undefined } })), "<main>home</main>");
});

test("useParams, useFrontmatter and usePage read the page being rendered", async () => {
  function Page() {
    const { slug } = useParams<{ slug: string }>();
    const { title } = useFrontmatter<{ title: string }>();
    const { url, id } = usePage();
    return h("p", null, [slug, title, url, id].join("|"));
  }
  const html = await render(
    tree(Page, { url: "/docs/a?x=1", payload: { page: "pages/docs/[slug].md", params: { slug: "a" }, frontmatter: { title: "Intro" } } }),
  );
  assert.is(html, "<p>a|Intro|/docs/a?x=1|pages/docs/[slug].md</p>");
});

test("useFrontmatter is {} on a page without frontmatter", async () => {
  const Page = () => h("p", null, JSON.stringify(useFrontmatter()));
  assert.is(await render(tree(Page)), "<p>{}</p>");
});

test("useRouter renders on the server, where calling it says the router lives in the browser", async () => {
  let router: ReturnType<typeof useRouter> | undefined;
  const Page = () => {
    router = useRouter();
    return h("p", null, "ok");
  };
  assert.is(await render(tree(Page)), "<p>ok</p>");
  assert.throws(() => router!.prefetch("/a"), /only in the browser/);
});

test("a hook outside a page names the mistake", async () => {
  const { renderToString } = await import("react-dom/server");
  const Stray = () => h("p", null, useParams().id);
  assert.throws(() => renderToString(h(Stray)), /only inside a page/);
});

test("Link is a plain anchor on the server, outside a page too", async () => {
  const Page = () => h(Link, { href: "/about", className: "nav", prefetch: false }, "About");
  assert.is(await render(tree(Page)), '<a href="/about" class="nav">About</a>');
  const { renderToString } = await import("react-dom/server");
  assert.is(renderToString(h(Link, { href: "/x" }, "X")), '<a href="/x">X</a>');
});

test("Form posts with the browser when JavaScript is off", async () => {
  const Page = () => h(Form, { action: "?remove", className: "f" }, h("button", { name: "id", value: "7" }, "Remove"));
  const html = await render(tree(Page));
  assert.match(html, /^<form [^>]*method="post"[^>]*>.*<\/form>$/);
  for (const attribute of ['action="?remove"', 'class="f"', 'name="id"']) assert.match(html, attribute);
});

test("useForm starts from the action result the server rendered the page with (422 without JavaScript)", async () => {
  function Page() {
    const form = useForm<unknown, { title: string }>();
    return h(Form, { form }, h("input", { name: "title" }), h("em", null, form.errors?.title), h("i", null, `${form.status}:${form.pending}`));
  }
  const html = await render(tree(Page, { payload: { action: { status: 422, errors: { title: "Title is required" } } } }));
  assert.match(html, "<em>Title is required</em><i>422:false</i>");
  const fresh = await render(tree(Page));
  assert.match(fresh, "<em></em><i>undefined:false</i>");
});

test("layouts and pages render with their hooks: state and ids", async () => {
  function Counter({ children }: { children: ReactNode }) {
    const [count] = useState(3);
    return h("div", { id: useId() }, count, children);
  }
  assert.match(await render(tree(() => h("p", null, "x"), { layouts: [Counter] })), /^<div id="[^"]+">3<p>x<\/p><\/div>$/);
});

test("a page that suspends is awaited: its HTML is complete, with no fallback", async () => {
  const title = new Promise<string>((resolve) => setTimeout(() => resolve("late title"), 5));
  const Late = () => h("h1", null, use(title));
  const Lazy = lazy(async () => ({ default: () => h("i", null, "lazy part") }));
  const Page = () => h("main", null, h(Suspense, { fallback: h("span", null, "loading") }, h(Late)), h(Suspense, { fallback: "…" }, h(Lazy)));
  const html = await render(tree(Page, { layouts: [RootLayout] }));
  assert.match(html, "<h1>late title</h1>");
  assert.match(html, "<i>lazy part</i>");
  assert.not.match(html, "loading");
  assert.not.match(html, "<!--$!-->");
});

test("a page that suspends outside any Suspense boundary is awaited too", async () => {
  const data = new Promise<string>((resolve) => setTimeout(() => resolve("ready"), 5));
  const Page = () => h("p", null, use(data));
  assert.is(await render(tree(Page, { layouts: [BlogLayout] })), '<section class="blog"><p>ready</p></section>');
});

test("a component that throws fails the render with its error", async () => {
  const Broken = () => {
    throw new Error("boom in page");
  };
  const originalError = console.error;
  console.error = () => {};
  try {
    const failure = await Promise.resolve()
      .then(() => render(tree(Broken, { layouts: [RootLayout] })))
      .then(() => null, (error: Error) => error);
    assert.match(failure?.message ?? "resolved", "boom in page");
  } finally {
    console.error = originalError;
  }
});

test.run();
