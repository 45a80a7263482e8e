/**
 * The component tree of a page, the same on the server and in the browser so hydration matches.
 * Each level gets the next level in its default slot and, in the browser, is keyed by its file's
 * id: when the next tree has the same layout at the same depth, Vue patches that layout in place,
 * keeping its state, and replaces only the levels below that differ. On the server a tree is
 * rendered once and never patched, so its levels go unkeyed: keys never reach the HTML, and
 * keyed components cost Vue's server renderer about 5 µs more on the benchmark's 50-item list.
 */
import { computed, h, type App, type Component, type CreateAppFunction, type Ref, type VNode } from "vue";
import type { PageTree, RouterHandle } from "../../pages/types.js";
import { PAGE_CONTEXT, type PageContextValue } from "./context.js";
import { withPropsDeclared } from "./page-props.js";

export type Tree = PageTree<Component>;

/** The levels from `depth` down: the layout there with the rest in its slot, or the page. */
export function treeLevel(tree: Tree, depth = 0, keyed = true): VNode {
  const { layouts, page } = tree;
  const layout = layouts[depth];
  if (layout) return h(layout.component, keyed ? { key: layout.id } : null, { default: () => treeLevel(tree, depth + 1, keyed) });
  const props = (tree.payload.props ?? {}) as Record<string, unknown>;
  // A copy either way: Vue normalizes a `class` or `style` prop in the object it is given.
  return h(withPropsDeclared(page.component, Object.keys(props)), keyed ? { ...props, key: page.id } : { ...props });
}

/**
 * The app for a page: its root renders the tree `tree` holds, and the app provides the page
 * context, so no component of ours stands between the app and the first layout. The browser's
 * adapter shows the next tree by setting the ref; the root re-renders and Vue patches level by
 * level. On the server (no router) the levels go unkeyed.
 */
export function createPageApp(create: CreateAppFunction<Element>, tree: Readonly<Ref<Tree>>, router: RouterHandle | null): App<Element> {
  const keyed = router !== null;
  const app = create({ name: "SdkPageRoot", render: () => treeLevel(tree.value, 0, keyed) });
  app.provide(PAGE_CONTEXT, computed<PageContextValue>(() => ({ router, payload: tree.value.payload, url: tree.value.url })));
  return app;
}
