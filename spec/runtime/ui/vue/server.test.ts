/** The Vue adapter on the server: a page inside its layouts to HTML, with the sdk/vue helpers. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { defineComponent, h, ref, type Component } from "vue";
import { renderToString } from "vue/server-renderer";
import type { PagePayload, PageTree } from "../../../../runtime/pages/types.ts";
import { vueServerAdapter } from "../../../../runtime/ui/vue/server.ts";
import { markdownPage } from "../../../../runtime/ui/vue/markdown.ts";
import { Form, Link, useForm, useFrontmatter, usePage, useParams, useRouter } from "../../../../runtime/ui/vue/index.ts";

function tree(page: Component, options: { layouts?: Component[]; payload?: Partial<PagePayload>; url?: string } = {}): PageTree<Component> {
  const layouts = (options.layouts ?? []).map((component, depth) => ({ id: `pages/${"nested/".repeat(depth)}layout.vue`, component }));
  const payload: PagePayload = { version: "v1", page: "pages/page.vue", layouts: layouts.map((layout) => layout.id), props: {}, params: {}, head: {}, ssr: true, ...options.payload };
  return { layouts, page: { id: payload.page, component: page }, payload, url: options.url ?? "/" };
}

/** Without the `<!--[-->`/`<!--]-->` marks Vue puts around fragments (slot content among siblings) for hydration. */
const render = async (value: PageTree<Component>) => (await vueServerAdapter.renderToString(value)).replace(/<!--[[\]]-->/g, "");

/** A component from a render function, as a compiled SFC is one. */
const component = (setup: (props: any) => () => ReturnType<typeof h>, props?: string[]) => defineComponent({ props, setup });

const RootLayout = defineComponent((_props, { slots }) => () => h("div", { class: "root" }, [h("nav", "site"), slots.default?.()]));
const BlogLayout = defineComponent((_props, { slots }) => () => h("section", { class: "blog" }, slots.default?.()));

test("a page renders inside its layouts, outermost first, with the loader's props", async () => {
  const Post = component((props) => () => h("article", [h("h1", props.title), props.tags.join(",")]), ["title", "tags"]);
  const html = await render(tree(Post, { layouts: [RootLayout, BlogLayout], payload: { page: "pages/blog/[slug].vue", props: { title: "Hello", tags: ["a", "b"] } } }));
  assert.is(html, '<div class="root"><nav>site</nav><section class="blog"><article><h1>Hello</h1>a,b</article></section></div>');
});

test("a page that declares no props (its type was left to TypeScript) gets the loader's data as props, not attributes", async () => {
  const Post = component((props) => () => h("h1", `${props.title}|${props.count}`));
  const html = await render(tree(Post, { payload: { props: { title: "Hello", count: 2 } } }));
  assert.is(html, "<h1>Hello|2</h1>");
});

test("props a page declares keep their options; the loader's other keys are declared beside them", async () => {
  const Post = defineComponent({
    props: { title: { type: String, required: true }, draft: { type: Boolean, default: false } },
    setup: (props, { attrs }) => () => h("p", `${props.title}|${props.draft}|${String((props as Record<string, unknown>).extra)}|${Object.keys(attrs).length}`),
  });
  assert.is(await render(tree(Post, { payload: { props: { title: "T", extra: "x" } } })), "<p>T|false|x|0</p>");
});

test("the ids that key each level stay out of the HTML", async () => {
  const html = await render(tree(component(() => () => h("p", "x")), { layouts: [RootLayout, BlogLayout] }));
  for (const leak of ["layout.vue", "page.vue", "key"]) assert.not.ok(html.includes(leak), leak);
});

test("a page with no layouts and no loader renders alone", async () => {
  assert.is(await render(tree(component(() => () => h("main", "home")), { payload: { props: undefined } })), "<main>home</main>");
});

test("useParams, useFrontmatter and usePage read the page being rendered", async () => {
  const Page = component(() => {
    const params = useParams<{ slug: string }>();
    const frontmatter = useFrontmatter<{ title: string }>();
    const page = usePage();
    return () => h("p", [params.value.slug, frontmatter.value.title, page.value.url, page.value.id].join("|"));
  });
  const html = await render(tree(Page, { url: "/docs/a?x=1", payload: { page: "pages/docs/[slug].md", params: { slug: "a" }, frontmatter: { title: "Intro" } } }));
  assert.is(html, "<p>a|Intro|/docs/a?x=1|pages/docs/[slug].md</p>");
});

test("useFrontmatter is {} on a page without frontmatter", async () => {
  const Page = component(() => {
    const frontmatter = useFrontmatter();
    return () => h("p", JSON.stringify(frontmatter.value));
  });
  assert.is(await render(tree(Page)), "<p>{}</p>");
});

test("useRouter works in setup on the server, where calling it says the router lives in the browser", async () => {
  let router: ReturnType<typeof useRouter> | undefined;
  const Page = component(() => {
    router = useRouter();
    return () => h("p", "ok");
  });
  assert.is(await render(tree(Page)), "<p>ok</p>");
  assert.throws(() => router!.prefetch("/a"), /only in the browser/);
});

test("a composable outside a page names the mistake", async () => {
  const Stray = component(() => {
    const params = useParams();
    return () => h("p", params.value.id);
  });
  const warn = console.warn;
  console.warn = () => {};
  try {
    const failure = await renderToString(h(Stray)).then(() => null, (error: Error) => error);
    assert.match(failure?.message ?? "rendered", /only in the setup of a page/);
  } finally {
    console.warn = warn;
  }
});

test("Link is a plain anchor on the server, outside a page too", async () => {
  const Page = component(() => () => h(Link, { href: "/about", class: "nav", prefetch: false }, () => "About"));
  assert.is(await render(tree(Page)), '<a href="/about" class="nav">About</a>');
  assert.is(await renderToString(h(Link, { href: "/x" }, () => "X")), '<a href="/x">X</a>');
});

test("Form posts with the browser when JavaScript is off", async () => {
  const Page = component(() => () => h(Form, { action: "?remove", class: "f" }, () => h("button", { name: "id", value: "7" }, "Remove")));
  const html = await render(tree(Page));
  assert.match(html, /^<form [^>]*method="post"[^>]*>.*<\/form>$/);
  for (const attribute of ['action="?remove"', 'class="f"', 'name="id"']) assert.match(html, attribute);
});

test("useForm starts from the action result the server rendered the page with (422 without JavaScript)", async () => {
  const Page = component(() => {
    const form = useForm<unknown, { title: string }>();
    const { errors, status, pending } = form;
    return () => h(Form, { form }, () => [h("input", { name: "title" }), h("em", errors.value?.title), h("i", `${status.value}:${pending.value}`)]);
  });
  const html = await render(tree(Page, { payload: { action: { status: 422, errors: { title: "Title is required" } } } }));
  assert.match(html, "<em>Title is required</em><i>422:false</i>");
  assert.match(await render(tree(Page)), "<em></em><i>undefined:false</i>");
});

test("Form hands its own state to its slot", async () => {
  const Page = component(() => () => h(Form, null, { default: ({ errors }: { errors?: { title?: string } }) => h("em", errors?.title) }));
  assert.match(await render(tree(Page, { payload: { action: { status: 422, errors: { title: "Required" } } } })), "<em>Required</em>");
});

test("layouts and pages render with their state", async () => {
  const Counter = defineComponent((_props, { slots }) => {
    const count = ref(3);
    return () => h("div", [String(count.value), slots.default?.()]);
  });
  assert.is(await render(tree(component(() => () => h("p", "x")), { layouts: [Counter] })), "<div>3<p>x</p></div>");
});

test("a page with an async setup is awaited: its HTML is complete", async () => {
  const Late = defineComponent({
    async setup() {
      const title = await new Promise<string>((resolve) => setTimeout(() => resolve("late title"), 5));
      return () => h("h1", title);
    },
  });
  assert.is(await render(tree(Late, { layouts: [BlogLayout] })), '<section class="blog"><h1>late title</h1></section>');
});

test("a component that throws rejects the render with its error", async () => {
  const Broken = component(() => () => {
    throw new Error("boom in page");
  });
  const warn = console.warn;
  console.warn = () => {};
  try {
    const failure = await render(tree(Broken, { layouts: [RootLayout] })).then(() => null, (error: Error) => error);
    assert.match(failure?.message ?? "resolved", "boom in page");
  } finally {
    console.warn = warn;
  }
});

test("markdownPage renders the build's HTML as it is, in a div Markdown styles can target", async () => {
  const Page = markdownPage('<h1 id="intro">Intro</h1><p>a <em>b</em></p>');
  assert.is(await render(tree(Page, { layouts: [BlogLayout] })), '<section class="blog"><div class="sdk-markdown"><h1 id="intro">Intro</h1><p>a <em>b</em></p></div></section>');
});

test.run();
