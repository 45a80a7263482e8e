/**
 * The element tree of a page, the same on the server and in the browser so hydration matches.
 * Each level is keyed by its file's id: when the next tree has the same layout at the same depth,
 * React keeps that layout mounted with its state and replaces only the levels below that differ.
 */
import { createElement, type ComponentType, type ReactElement } from "react";
import type { PageTree, RouterHandle } from "../../pages/types.js";
import { PageContext } from "./context.js";

export function pageElement(tree: PageTree<ComponentType<any>>, router: RouterHandle | null): ReactElement {
  const { layouts, page, payload, url } = tree;
  let element: ReactElement = createElement(page.component, { ...(payload.props as object), key: page.id });
  for (let depth = layouts.length - 1; depth >= 0; depth--) {
    const layout = layouts[depth];
    element = createElement(layout.component, { key: layout.id }, element);
  }
  return createElement(PageContext, { value: { router, payload, url } }, element);
}
