/**
 * The tree on screen in the browser, as `$state.raw`: replacing it re-renders only what reads the
 * parts that changed. Raw, not deep: trees are replaced whole, never mutated.
 */
import type { ShownTree, SvelteTree } from "./page-root.js";

export interface TreeState extends ShownTree {
  show(tree: SvelteTree): void;
}

export function createTreeState(initial: SvelteTree): TreeState {
  let tree = $state.raw(initial);
  return {
    get tree() {
      return tree;
    },
    show(next) {
      tree = next;
    },
  };
}
