/**
 * The component tree of a page, the same on the server and in the browser so hydration matches.
 * Each level gets the next level in its default slot and, in the browser, is keyed by its file's
 * id: when the next tree has the same layout at the same depth, Vue patches that layout in place,
 * keeping its state, and replaces only the levels below that differ. On the server a tree is
 * rendered once and never patched, so its levels go unkeyed: keys never reach the HTML, and
 * keyed components cost Vue's server renderer about 5 µs more on the benchmark's 50-item list.
 */
import { computed, defineComponent, h, provide, type Component, type PropType, type Ref, type VNode } from "vue";
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
 * The app's root: provides the page context and renders the tree `tree` holds. The client
 * adapter shows the next tree by setting the ref; the root re-renders and Vue patches level by level.
 */
export const PageRoot = defineComponent({
  name: "SdkPageRoot",
  props: {
    tree: { type: Object as PropType<Readonly<Ref<Tree>>>, required: true },
    /** null on the server. */
    router: { type: Object as PropType<RouterHandle | null>, default: null },
  },
  setup(props) {
    // A root's props are set once; what changes is the ref's value.
    const { tree, router } = props;
    provide(PAGE_CONTEXT, computed<PageContextValue>(() => ({ router, payload: tree.value.payload, url: tree.value.url })));
    // Unkeyed on the server, where there is no router.
    return () => treeLevel(tree.value, 0, router !== null);
  },
});
