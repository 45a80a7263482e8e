/**
 * What every helper of `sdk/svelte` reads: the router and the page being shown. The tree is
 * reactive state in the browser, so a helper read in a template or `$derived` follows client
 * navigation like any reactive value.
 */
import { getContext } from "svelte";
import type { RouterHandle } from "../../pages/types.js";
import type { ShownTree } from "./page-root.js";

export interface PageContextValue {
  /** null while rendering on the server: there is nothing to navigate there. */
  readonly router: RouterHandle | null;
  /** The tree on screen: read `shown.tree` at each use, so a helper follows navigation. */
  readonly shown: ShownTree;
}

const PAGE_CONTEXT = Symbol("sdk/svelte page");

/**
 * The context a root is mounted or rendered with (Svelte's `context` option), so the root itself
 * sets none.
 */
export function pageContext(shown: ShownTree, router: RouterHandle | null): Map<symbol, PageContextValue> {
  return new Map([[PAGE_CONTEXT, { shown, router }]]);
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
