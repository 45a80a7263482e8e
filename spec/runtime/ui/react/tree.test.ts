/**
 * pageElement's structure, which the layout-state guarantee rests on: React keeps a component
 * mounted when the element at the same place has the same type and key, so two trees keep
 * mounted exactly the levels, from the top, where both have the same file.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createElement as h, type ComponentType, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { PagePayload, PageTree, RouterHandle } from "../../../../runtime/pages/types.ts";
import { PageContext, type PageContextValue } from "../../../../runtime/ui/react/context.ts";
import { pageElement } from "../../../../runtime/ui/react/tree.ts";

const RootLayout = ({ children }: { children: ReactNode }) => h("div", null, children);
const BlogLayout = ({ children }: { children: ReactNode }) => h("section", null, children);
const Post = ({ title }: { title: string }) => h("h1", null, title);
const About = () => h("p", null, "about");

const FILES: Record<string, ComponentType<any>> = {
  "pages/layout.tsx": RootLayout,
  "pages/blog/layout.tsx": BlogLayout,
  "pages/blog/[slug].tsx": Post,
  "pages/about.tsx": About,
};

function tree(url: string, page: string, layouts: string[], props: unknown = {}): PageTree<ComponentType<any>> {
  const payload: PagePayload = { version: "v1", page, layouts, props, params: {}, head: {}, ssr: true };
  return { layouts: layouts.map((id) => ({ id, component: FILES[id] })), page: { id: page, component: FILES[page] }, payload, url };
}

const blogA = tree("/blog/a", "pages/blog/[slug].tsx", ["pages/layout.tsx", "pages/blog/layout.tsx"], { title: "A" });
const blogB = tree("/blog/b", "pages/blog/[slug].tsx", ["pages/layout.tsx", "pages/blog/layout.tsx"], { title: "B" });
const about = tree("/about", "pages/about.tsx", ["pages/layout.tsx"]);

const router: RouterHandle = {
  navigate: async () => {},
  reload: async () => {},
  prefetch: () => {},
  submit: async () => ({ status: 204 }),
};

/** The component levels under the context provider, outermost first. */
function levels(element: ReactElement): ReactElement<any>[] {
  const found: ReactElement<any>[] = [];
  for (let node = (element.props as { children: ReactElement<any> }).children; node; node = node.props.children) found.push(node);
  return found;
}

const identity = (element: ReactElement) => ({ type: element.type, key: element.key });

/** How many levels, from the top, React keeps mounted going from one tree to the next. */
function keptMounted(from: ReactElement, to: ReactElement): number {
  const [before, after] = [levels(from).map(identity), levels(to).map(identity)];
  let depth = 0;
  while (depth < before.length && depth < after.length && before[depth].type === after[depth].type && before[depth].key === after[depth].key) depth++;
  return depth;
}

test("the context provider is outermost and carries the router, the payload and the URL", () => {
  const element = pageElement(blogA, router);
  assert.is(element.type, PageContext);
  const value = (element.props as { value: PageContextValue }).value;
  assert.is(value.router, router);
  assert.is(value.payload, blogA.payload);
  assert.is(value.url, "/blog/a");
  assert.is((pageElement(blogA, null).props as { value: PageContextValue }).value.router, null);
});

test("layouts nest outermost first, each keyed by its file, the page innermost, keyed by its file", () => {
  assert.equal(levels(pageElement(blogA, router)).map(identity), [
    { type: RootLayout, key: "pages/layout.tsx" },
    { type: BlogLayout, key: "pages/blog/layout.tsx" },
    { type: Post, key: "pages/blog/[slug].tsx" },
  ]);
});

test("the page gets the loader's props and nothing else; a layout gets the next level as children only", () => {
  const [root, blog, page] = levels(pageElement(blogA, router));
  assert.equal(page.props, { title: "A" });
  assert.equal(Object.keys(root.props), ["children"]);
  assert.is(blog.props.children, page);
});

test("a page without layouts is the provider's only child", () => {
  const alone = tree("/about", "pages/about.tsx", []);
  assert.equal(levels(pageElement(alone, router)).map(identity), [{ type: About, key: "pages/about.tsx" }]);
});

test("on the server (no router) the same levels go unkeyed, and render the same HTML", () => {
  assert.equal(levels(pageElement(blogA, null)).map(identity), [
    { type: RootLayout, key: null },
    { type: BlogLayout, key: null },
    { type: Post, key: null },
  ]);
  assert.equal(levels(pageElement(blogA, null))[2]!.props, { title: "A" });
  assert.is(renderToString(pageElement(blogA, null)), renderToString(pageElement(blogA, router)));
});

test("/blog/a to /blog/b keeps both layouts and the page mounted; only the props change", () => {
  assert.is(keptMounted(pageElement(blogA, router), pageElement(blogB, router)), 3);
  assert.equal(levels(pageElement(blogB, router))[2].props, { title: "B" });
});

test("/blog/a to /about keeps the root layout and replaces the blog layout and the page", () => {
  assert.is(keptMounted(pageElement(blogA, router), pageElement(about, router)), 1);
  assert.is(keptMounted(pageElement(about, router), pageElement(blogA, router)), 1);
});

test("a layout file at another depth is another layout: nothing below a difference is kept", () => {
  const elsewhere = tree("/x", "pages/blog/[slug].tsx", ["pages/blog/layout.tsx"], { title: "X" });
  assert.is(keptMounted(pageElement(blogA, router), pageElement(elsewhere, router)), 0);
});

test.run();
