/** The tree the root renders, and how the root is given it on each side. */
import type { Component } from "svelte";
import type { PageTree } from "../../pages/types.js";
import Root from "./Root.svelte";

export type SvelteTree = PageTree<Component<any>>;

/** Read through a getter: in the browser the tree is reactive state the router replaces. */
export interface ShownTree {
  readonly tree: SvelteTree;
}

export interface RootProps {
  readonly shown: ShownTree;
}

/** Root.svelte with its props typed (the compiler types a `.svelte` import loosely). */
export const PageRoot = Root as unknown as Component<RootProps>;
