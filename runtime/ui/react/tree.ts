/**
 * The element tree of a page, the same on the server and in the browser so hydration matches.
 * In the browser each level is keyed by its file's id: when the next tree has the same layout at
 * the same depth, React keeps that layout mounted with its state and replaces only the levels
 * below that differ. On the server (no router) a tree is rendered once and never reconciled, so
 * its levels go unkeyed: keys never reach the HTML, and a keyed page costs React's server renderer
 * about 5 µs more on the benchmark's 50-item list.
 *
 * Built with `createElement`, not `jsx`: the compiled pages call `jsx` for every element they
 * render, and the props objects made here (the loader's data, a context value) are shapes of their
 * own that, passed to `jsx` too, made every call of it slower (React's server render of the
 * benchmark's 50-item page: 7% more time in all). The client entry still carries the JSX runtime
 * that page chunks import: client.ts imports it.
 */
import { createElement, type ComponentType, type ReactElement } from "react";
import type { PageTree, RouterHandle } from "../../pages/types.js";
import { PageContext } from "./context.js";

export function pageElement(tree: PageTree<ComponentType<any>>, router: RouterHandle | null): ReactElement {
  const { layouts, page, payload, url } = tree;
  const keyed = router !== null;
  // createElement copies the props it is given, so a loader's data is never the element's own object.
  const props = payload.props as object | undefined;
  let element: ReactElement = createElement(page.component, keyed ? { ...props, key: page.id } : props);
  for (let depth = layouts.length - 1; depth >= 0; depth--) {
    const layout = layouts[depth];
    element = createElement(layout.component, keyed ? { key: layout.id } : null, element);
  }
  return createElement(PageContext, { value: { router, payload, url } }, element);
}
