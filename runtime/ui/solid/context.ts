/**
 * What every helper of `sdk/solid` reads: the router and the page being shown. One context
 * set at the top of the page tree (tree.ts), on the server (no router) and in the browser alike. The
 * page is read through accessors, so whatever reads it follows client navigations.
 */
import { createContext, useContext, type Accessor } from "solid-js";
import type { PagePayload, RouterHandle } from "../../pages/types.js";

export interface PageContextValue {
  /** null while rendering on the server: there is nothing to navigate there. */
  readonly router: RouterHandle | null;
  readonly payload: Accessor<PagePayload>;
  /** The URL shown (path and query). */
  readonly url: Accessor<string>;
}

export const PageContext = createContext<PageContextValue>();

export function usePageContext(): PageContextValue {
  const page = useContext(PageContext);
  if (!page) throw new Error("sdk/solid: this function works only inside a page, a layout or a component they render");
  return page;
}

/** The router, for calls that only event handlers and effects make, which never run on the server. */
export function requireRouter(router: RouterHandle | null): RouterHandle {
  if (!router) throw new Error("sdk/solid: the router exists only in the browser; call it from an event handler or an effect");
  return router;
}
