/**
 * React in the browser for pages (`sdk/runtime/ui/react/client`): hydrates or mounts the page
 * tree once, then shows each tree the router navigates to. Layouts stay mounted because every
 * tree is built by pageElement, whose keys let React match the levels two trees share.
 */
import { useSyncExternalStore, type ComponentType } from "react";
import { jsx } from "react/jsx-runtime";
import { createRoot, hydrateRoot } from "react-dom/client";
import { flushSync } from "react-dom";
import type { PageTree, RouterHandle, UiClientAdapter } from "../../pages/types.js";
import { pageElement } from "./tree.js";

type Tree = PageTree<ComponentType<any>>;

/** The tree shown, outside React so the router can replace it at any time. */
interface TreeStore {
  subscribe(listener: () => void): () => void;
  current(): Tree;
  initial(): Tree;
  show(tree: Tree): void;
}

function createTreeStore(initial: Tree): TreeStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => current,
    initial: () => initial,
    show(tree) {
      current = tree;
      for (const listener of listeners) listener();
    },
  };
}

function PageRoot({ store, router }: { store: TreeStore; router: RouterHandle }) {
  // Hydration renders the tree the server rendered (the third argument) even if a navigation
  // already replaced it; React then renders the newer one on top.
  const tree = useSyncExternalStore(store.subscribe, store.current, store.initial);
  return pageElement(tree, router);
}

let shown: TreeStore | null = null;

export const reactClientAdapter: UiClientAdapter<ComponentType<any>> = {
  start(container, tree, router, { hydrate }) {
    shown = createTreeStore(tree);
    const root = jsx(PageRoot, { store: shown, router });
    if (hydrate) hydrateRoot(container, root);
    else createRoot(container).render(root);
  },

  /**
   * Committed before returning, not in a transition: the router restores scroll and moves focus
   * right after, and those need the new page in the document.
   */
  update(tree) {
    // start() has run: startPages calls it in the task that creates the router, before any navigation.
    const store = shown!;
    flushSync(() => store.show(tree));
  },
};
