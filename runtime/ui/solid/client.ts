/**
 * Solid in the browser for pages (`sdk/runtime/ui/solid/client`): hydrates or mounts the page
 * tree once, then shows each tree the router navigates to by setting the signal the tree reads.
 * Solid applies a signal's change to the DOM before the setter returns.
 */
import { createSignal, type Component, type Setter } from "solid-js";
import { hydrate, render } from "solid-js/web";
import type { UiClientAdapter } from "../../pages/types.js";
import { pageRoot, type SolidPageTree } from "./tree.js";

let showTree: Setter<SolidPageTree> | null = null;

/**
 * The scripts the server rendered beside the page in the root (solid's hydration script, and the
 * data of resources), which ran while the document loaded. Solid expects a root to hold only its
 * tree: it replaces the root's first child when the outermost level changes.
 */
function removeServerScripts(container: Element): void {
  for (const node of [...container.childNodes]) {
    const script = node instanceof HTMLScriptElement && !node.hasAttribute("data-hk");
    if (script || (node.nodeType === Node.COMMENT_NODE && (node as Comment).data === "xs")) node.remove();
  }
}

export const solidClientAdapter: UiClientAdapter<Component<any>> = {
  start(container, tree, router, { hydrate: attach }) {
    const [current, setCurrent] = createSignal(tree);
    showTree = setCurrent;
    const root = () => pageRoot(current, router);
    if (attach) {
      removeServerScripts(container);
      hydrate(root, container);
    } else render(root, container);
  },

  update(tree) {
    // start() has run: startPages calls it in the task that creates the router, before any navigation.
    showTree!(tree);
  },
};
