/**
 * What every helper of `sdk/svelte` reads: the router and the page being shown. The root sets it
 * once, with getters over the tree on screen, so a helper read in a template or `$derived`
 * follows client navigation like any reactive value.
 */
import { getContext, setContext } from "svelte";
import type { PagePayload, RouterHandle } from "../../pages/types.js";

export interface PageContextValue {
  /** null while rendering on the server: there is nothing to navigate there. */
  readonly router: RouterHandle | null;
  readonly payload: PagePayload;
  /** The URL shown (path and query). */
  readonly url: string;
}

const PAGE_CONTEXT = Symbol("sdk/svelte page");

export function setPageContext(value: PageContextValue): void {
  setContext(PAGE_CONTEXT, value);
}

/** undefined outside a page: for components that also render elsewhere (Link). */
export function optionalPageContext(): PageContextValue | undefined {
  return getContext<PageContextValue | undefined>(PAGE_CONTEXT);
}

export function usePageContext(): PageContextValue {
  const page = optionalPageContext();
  if (!page) throw new Error("sdk/svelte: this helper works only inside a page, a layout or a component they render");
  return page;
}

/** The router, for calls that only event handlers and effects make, which never run on the server. */
export function requireRouter(router: RouterHandle | null): RouterHandle {
  if (!router) throw new Error("sdk/svelte: the router exists only in the browser; call it from an event handler or an effect");
  return router;
}
