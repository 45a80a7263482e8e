/**
 * Vue in the browser for pages (`sdk/runtime/ui/vue/client`): hydrates or mounts the page tree
 * once, then shows each tree the router navigates to by replacing the tree the root renders.
 */
import { createApp, createSSRApp, nextTick, shallowRef, type Component, type ShallowRef } from "vue";
import type { UiClientAdapter } from "../../pages/types.js";
import { createPageApp, type Tree } from "./tree.js";

let shown: ShallowRef<Tree> | null = null;

export const vueClientAdapter: UiClientAdapter<Component> = {
  start(container, tree, router, { hydrate }) {
    shown = shallowRef(tree);
    createPageApp(hydrate ? createSSRApp : createApp, shown, router).mount(container);
  },

  /** Resolves once Vue has patched the DOM: the router scrolls and moves focus right after. */
  update(tree) {
    // start() has run: startPages calls it in the task that creates the router, before any navigation.
    shown!.value = tree;
    return nextTick();
  },
};
