/**
 * The component tree of a page, the same on the server and in the browser so hydration matches.
 * Each level is keyed by its file's id and gets the next level in its default slot: when the next
 * tree has the same layout at the same depth, Vue patches that layout in place, keeping its state,
 * and replaces only the levels below that differ.
 */
import { computed, defineComponent, h, provide, type Component, type PropType, type Ref, type VNode } from "vue";
import type { PageTree, RouterHandle } from "../../pages/types.js";
import { PAGE_CONTEXT, type PageContextValue } from "./context.js";
import { withPropsDeclared } from "./page-props.js";

export type Tree = PageTree<Component>;

/** The levels from `depth` down: the layout there with the rest in its slot, or the page. */
export function treeLevel(tree: Tree, depth = 0): VNode {
  const { layouts, page } = tree;
  const layout = layouts[depth];
  if (layout) return h(layout.component, { key: layout.id }, { default: () => treeLevel(tree, depth + 1) });
  const props = (tree.payload.props ?? {}) as Record<string, unknown>;
  return h(withPropsDeclared(page.component, Object.keys(props)), { ...props, key: page.id });
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
    return () => treeLevel(tree.value);
  },
});
