/**
 * What every helper of `sdk/svelte` reads: the router and the page being shown. The root sets it
 * once, with getters over the tree on screen, so a helper read in a template or `$derived`
 * follows client navigation like any reactive value.
 */
import { getContext, setContext } from "svelte";
import type { PagePayload, RouterHandle } from "../../pages/types.js";
import type { ShownTree } from "./page-root.js";

export interface PageContextValue {
  /** null while rendering on the server: there is nothing to navigate there. */
  readonly router: RouterHandle | null;
  readonly payload: PagePayload;
  /** The URL shown (path and query). */
  readonly url: string;
}

const PAGE_CONTEXT = Symbol("sdk/svelte page");

/**
 * The context over the tree a root shows, read through at each access so it follows navigation.
 * A class rather than an object literal with getters: V8 keeps such a literal's getter pair in
 * the old generation, which holds the closures, and through them the tree and its props, past
 * every minor GC of the server's render loop (30 µs more per render of the benchmark's list page).
 */
class ShownPageContext implements PageContextValue {
  readonly #shown: ShownTree;
  readonly router: RouterHandle | null;

  constructor(shown: ShownTree, router: RouterHandle | null) {
    this.#shown = shown;
    this.router = router;
  }

  get payload(): PagePayload {
    return this.#shown.tree.payload;
  }

  get url(): string {
    return this.#shown.tree.url;
  }
}

export function setPageContext(shown: ShownTree, router: RouterHandle | null): void {
  setContext(PAGE_CONTEXT, new ShownPageContext(shown, router));
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
