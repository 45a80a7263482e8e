/**
 * What every helper of `sdk/vue` reads: the router and the page being shown, provided once by the
 * page root. A ref, not a value: layouts stay mounted across navigations, so what they read in
 * setup must follow the page that is shown now.
 */
import { inject, type InjectionKey, type Ref } from "vue";
import type { PagePayload, RouterHandle } from "../../pages/types.js";

export interface PageContextValue {
  /** null while rendering on the server: there is nothing to navigate there. */
  readonly router: RouterHandle | null;
  readonly payload: PagePayload;
  /** The URL shown (path and query). */
  readonly url: string;
}

export const PAGE_CONTEXT: InjectionKey<Readonly<Ref<PageContextValue>>> = Symbol("sdk:page");

export function usePageContext(): Readonly<Ref<PageContextValue>> {
  const page = inject(PAGE_CONTEXT, null);
  if (!page) throw new Error("sdk/vue: this composable works only in the setup of a page, a layout or a component they render");
  return page;
}

/** The router, for calls that only event handlers and hooks after mount make, which never run on the server. */
export function requireRouter(router: RouterHandle | null): RouterHandle {
  if (!router) throw new Error("sdk/vue: the router exists only in the browser; call it from an event handler or onMounted");
  return router;
}
