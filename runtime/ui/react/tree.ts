/**
 * The element tree of a page, the same on the server and in the browser so hydration matches.
 * In the browser each level is keyed by its file's id: when the next tree has the same layout at
 * the same depth, React keeps that layout mounted with its state and replaces only the levels
 * below that differ. On the server (no router) a tree is rendered once and never reconciled, so
 * its levels go unkeyed: keys never reach the HTML, and a keyed page costs React's server renderer
 * about 5 µs more on the benchmark's 50-item list.
 *
 * Built with `jsx`, as the compiled pages are: the JSX runtime then ships in the client entry,
 * which every page chunk imports anyway, instead of in a chunk of its own that costs every page
 * a request.
 */
import type { ComponentType, ReactElement } from "react";
import { jsx } from "react/jsx-runtime";
import type { PageTree, RouterHandle } from "../../pages/types.js";
import { PageContext } from "./context.js";

export function pageElement(tree: PageTree<ComponentType<any>>, router: RouterHandle | null): ReactElement {
  const { layouts, page, payload, url } = tree;
  const keyed = router !== null;
  // A copy, as createElement makes: jsx keeps the object it is given as the element's props (and
  // React's development build freezes them), and a page without a loader has none.
  let element: ReactElement = jsx(page.component, { ...(payload.props as object | undefined) }, keyed ? page.id : undefined);
  for (let depth = layouts.length - 1; depth >= 0; depth--) {
    const layout = layouts[depth];
    element = jsx(layout.component, { children: element }, keyed ? layout.id : undefined);
  }
  return jsx(PageContext, { value: { router, payload, url }, children: element });
}
