/**
 * treeLevel's structure, which the layout-state guarantee rests on: Vue patches a component in
 * place when the vnode at the same place has the same type and key, so two trees keep mounted
 * exactly the levels, from the top, where both have the same file.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createSSRApp, defineComponent, h, type Component, type VNode } from "vue";
import { renderToString } from "vue/server-renderer";
import type { PagePayload, PageTree } from "../../../../runtime/pages/types.ts";
import { treeLevel } from "../../../../runtime/ui/vue/tree.ts";

const RootLayout = defineComponent((_props, { slots }) => () => h("div", slots.default?.()));
const BlogLayout = defineComponent((_props, { slots }) => () => h("section", slots.default?.()));
/** As `defineProps<InferProps<typeof loader>>()` compiles: no props Vue could see. */
const Post = defineComponent({ setup: (props: { title?: string }) => () => h("h1", props.title) });
const About = defineComponent({ setup: () => () => h("p", "about") });

const FILES: Record<string, Component> = {
  "pages/layout.vue": RootLayout,
  "pages/blog/layout.vue": BlogLayout,
  "pages/blog/[slug].vue": Post,
  "pages/about.vue": About,
};

function tree(url: string, page: string, layouts: string[], props: unknown = {}): PageTree<Component> {
  const payload: PagePayload = { version: "v1", page, layouts, props, params: {}, head: {}, ssr: true };
  return { layouts: layouts.map((id) => ({ id, component: FILES[id]! })), page: { id: page, component: FILES[page]! }, payload, url };
}

const blogA = tree("/blog/a", "pages/blog/[slug].vue", ["pages/layout.vue", "pages/blog/layout.vue"], { title: "A" });
const blogB = tree("/blog/b", "pages/blog/[slug].vue", ["pages/layout.vue", "pages/blog/layout.vue"], { title: "B" });
const about = tree("/about", "pages/about.vue", ["pages/layout.vue"]);

/** The levels, outermost first: each layout's default slot holds the next. */
function levels(vnode: VNode): VNode[] {
  const found = [vnode];
  for (let node = vnode; (node.children as { default?: () => VNode } | null)?.default; ) {
    node = (node.children as { default: () => VNode }).default();
    found.push(node);
  }
  return found;
}

/** The props a level's component receives (the key is Vue's, not the component's). */
function propsOf(vnode: VNode): Record<string, unknown> {
  const { key: _key, ...props } = vnode.props ?? {};
  return props;
}

const identity = (vnode: VNode) => ({ type: vnode.type, key: vnode.key });

/** How many levels, from the top, Vue keeps mounted going from one tree to the next. */
function keptMounted(from: PageTree<Component>, to: PageTree<Component>): number {
  const [before, after] = [levels(treeLevel(from)).map(identity), levels(treeLevel(to)).map(identity)];
  let depth = 0;
  while (depth < before.length && depth < after.length && before[depth]!.type === after[depth]!.type && before[depth]!.key === after[depth]!.key) depth++;
  return depth;
}

test("layouts nest outermost first, each keyed by its file, the page innermost, keyed by its file", () => {
  assert.equal(
    levels(treeLevel(blogA)).map((vnode) => vnode.key),
    ["pages/layout.vue", "pages/blog/layout.vue", "pages/blog/[slug].vue"],
  );
  const [root, blog] = levels(treeLevel(blogA));
  assert.is(root!.type, RootLayout);
  assert.is(blog!.type, BlogLayout);
});

test("the page gets the loader's props and nothing else; a layout gets the next level in its slot only", () => {
  const [root, , page] = levels(treeLevel(blogA));
  assert.equal(propsOf(page!), { title: "A" });
  assert.equal(propsOf(root!), {});
  assert.type((root!.children as { default?: unknown }).default, "function");
});

test("a page that declares no props is shown as a copy declaring the loader's keys", () => {
  const page = levels(treeLevel(blogA))[2]!.type as { props: Record<string, unknown>; setup: unknown };
  assert.is.not(page, Post);
  assert.equal(page.props, { title: null });
  assert.is(page.setup, Post.setup);
});

test("a page without layouts is the only level", () => {
  const alone = tree("/about", "pages/about.vue", []);
  assert.equal(levels(treeLevel(alone)).map(identity), [{ type: About, key: "pages/about.vue" }]);
});

test("/blog/a to /blog/b keeps both layouts and the page mounted; only the props change", () => {
  assert.is(keptMounted(blogA, blogB), 3);
  assert.equal(propsOf(levels(treeLevel(blogB))[2]!), { title: "B" });
});

test("/blog/a to /about keeps the root layout and replaces the blog layout and the page", () => {
  assert.is(keptMounted(blogA, about), 1);
  assert.is(keptMounted(about, blogA), 1);
});

test("a layout file at another depth is another layout: nothing below a difference is kept", () => {
  const elsewhere = tree("/x", "pages/blog/[slug].vue", ["pages/blog/layout.vue"], { title: "X" });
  assert.is(keptMounted(blogA, elsewhere), 0);
});

test("loader data with other keys is another copy of the page: Vue remounts it, as it must to declare them", () => {
  const withMore = tree("/blog/c", "pages/blog/[slug].vue", ["pages/layout.vue", "pages/blog/layout.vue"], { title: "C", draft: true });
  assert.is(keptMounted(blogA, withMore), 2);
});

test("unkeyed, as the server renders it, the same levels render the same HTML", async () => {
  assert.equal(
    levels(treeLevel(blogA, 0, false)).map(identity),
    [RootLayout, BlogLayout, levels(treeLevel(blogA))[2]!.type].map((type) => ({ type, key: null })),
  );
  assert.equal(propsOf(levels(treeLevel(blogA, 0, false))[2]!), { title: "A" });
  const html = (keyed: boolean) => renderToString(createSSRApp({ render: () => treeLevel(blogA, 0, keyed) }));
  assert.is(await html(false), await html(true));
});

test.run();
