/** The hooks a page, a layout or anything they render uses to read the page and to navigate. */
import { useMemo } from "react";
import type { PageRoute, ParamsOf, Router } from "../../pages/app-paths.js";
import { requireRouter, usePageContext } from "./context.js";

/** Client-side navigation. Its functions work in event handlers and effects (not during render). */
export function useRouter(): Router {
  const { router } = usePageContext();
  return useMemo(
    () => ({
      navigate: (url, options) => requireRouter(router).navigate(url, options),
      reload: () => requireRouter(router).reload(),
      prefetch: (url) => requireRouter(router).prefetch(url),
    }),
    [router],
  );
}

/**
 * The route parameters of the page shown: `{ slug: "a" }` for `pages/blog/[slug].tsx` at /blog/a.
 * After `sdk prepare`, `useParams<"/blog/[slug]">()` types them by the page's route id.
 */
export function useParams<Route extends PageRoute | Readonly<Record<string, string>> = Readonly<Record<string, string>>>(): ParamsOf<Route> {
  return usePageContext().payload.params as ParamsOf<Route>;
}

const NO_FRONTMATTER: Readonly<Record<string, unknown>> = Object.freeze({});

/** A Markdown page's frontmatter; `{}` on pages that have none. */
export function useFrontmatter<Frontmatter extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>>(): Frontmatter {
  return (usePageContext().payload.frontmatter ?? NO_FRONTMATTER) as Frontmatter;
}

export interface PageInfo {
  /** Path and query of the page shown. */
  readonly url: string;
  /** The page file's id (`pages/blog/[slug].tsx`). */
  readonly id: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Which page is shown, for a layout that marks the current link or reacts to navigation. */
export function usePage(): PageInfo {
  const { url, payload } = usePageContext();
  return useMemo(() => ({ url, id: payload.page, params: payload.params }), [url, payload]);
}
