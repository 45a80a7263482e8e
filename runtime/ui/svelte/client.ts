/**
 * Svelte in the browser for pages (`sdk/runtime/ui/svelte/client`): hydrates or mounts the root
 * once, then shows each tree the router navigates to by replacing the tree the root reads.
 * Layouts stay mounted because the root keys every level by its file's id.
 */
import { hydrate, mount, tick, type Component } from "svelte";
import type { UiClientAdapter } from "../../pages/types.js";
import { pageContext } from "./context.js";
import { PageRoot } from "./page-root.js";
import { createTreeState, type TreeState } from "./tree-state.svelte.js";

let shown: TreeState | null = null;

export const svelteClientAdapter: UiClientAdapter<Component<any>> = {
  start(container, tree, router, { hydrate: attach }) {
    shown = createTreeState(tree);
    const options = { target: container, props: { shown }, context: pageContext(shown, router) };
    if (attach) hydrate(PageRoot, options);
    else mount(PageRoot, options);
  },

  /** Resolves once the DOM shows the tree: the router then applies the head, scrolls and moves focus. */
  update(tree) {
    // start() has run: startPages calls it in the task that creates the router, before any navigation.
    shown!.show(tree);
    return tick();
  },
};
