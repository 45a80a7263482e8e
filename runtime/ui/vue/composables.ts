/**
 * The composables a page, a layout or anything they render calls in setup to read the page and to
 * navigate. They return computed refs: a layout stays mounted while the page under it changes.
 */
import { computed, type ComputedRef } from "vue";
import type { PageRoute, ParamsOf, Router } from "../../pages/app-paths.js";
import { requireRouter, usePageContext } from "./context.js";

/** Client-side navigation. Its functions work in event handlers and after mount (not during render). */
export function useRouter(): Router {
  const page = usePageContext();
  return {
    navigate: (url, options) => requireRouter(page.value.router).navigate(url, options),
    reload: () => requireRouter(page.value.router).reload(),
    prefetch: (url) => requireRouter(page.value.router).prefetch(url),
  };
}

/**
 * The route parameters of the page shown: `{ slug: "a" }` for `pages/blog/[slug].vue` at /blog/a.
 * After `sdk prepare`, `useParams<"/blog/[slug]">()` types them by the page's route id.
 */
export function useParams<Route extends PageRoute | Readonly<Record<string, string>> = Readonly<Record<string, string>>>(): ComputedRef<ParamsOf<Route>> {
  const page = usePageContext();
  return computed(() => page.value.payload.params as ParamsOf<Route>);
}

const NO_FRONTMATTER: Readonly<Record<string, unknown>> = Object.freeze({});

/** A Markdown page's frontmatter; `{}` on pages that have none. */
export function useFrontmatter<Frontmatter extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>>(): ComputedRef<Frontmatter> {
  const page = usePageContext();
  return computed(() => (page.value.payload.frontmatter ?? NO_FRONTMATTER) as Frontmatter);
}

export interface PageInfo {
  /** Path and query of the page shown. */
  readonly url: string;
  /** The page file's id (`pages/blog/[slug].vue`). */
  readonly id: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Which page is shown, for a layout that marks the current link or reacts to navigation. */
export function usePage(): ComputedRef<PageInfo> {
  const page = usePageContext();
  return computed(() => ({ url: page.value.url, id: page.value.payload.page, params: page.value.payload.params }));
}
