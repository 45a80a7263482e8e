/**
 * What a page, a layout or anything they render calls to read the page and to navigate. The
 * records returned are reactive, as Solid's props and stores are: read `params.slug` where it is
 * used (JSX, an effect, a memo) and it follows navigations; destructured, it keeps the value read.
 */
import type { PageRoute, ParamsOf, Router } from "../../pages/app-paths.js";
import { requireRouter, usePageContext } from "./context.js";
import { readThrough } from "./read-through.js";

/** Client-side navigation. Its functions work in event handlers and effects, which run in the browser. */
export function useRouter(): Router {
  const { router } = usePageContext();
  return {
    navigate: (url, options) => requireRouter(router).navigate(url, options),
    reload: () => requireRouter(router).reload(),
    prefetch: (url) => requireRouter(router).prefetch(url),
  };
}

/**
 * The route parameters of the page shown: `{ slug: "a" }` for `pages/blog/[slug].tsx` at /blog/a.
 * After `sdk prepare`, `useParams<"/blog/[slug]">()` types them by the page's route id.
 */
export function useParams<Route extends PageRoute | Readonly<Record<string, string>> = Readonly<Record<string, string>>>(): ParamsOf<Route> {
  const { payload } = usePageContext();
  return readThrough(() => payload().params as ParamsOf<Route>);
}

const NO_FRONTMATTER: Readonly<Record<string, unknown>> = Object.freeze({});

/** A Markdown page's frontmatter; `{}` on pages that have none. */
export function useFrontmatter<Frontmatter extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>>(): Frontmatter {
  const { payload } = usePageContext();
  return readThrough(() => (payload().frontmatter ?? NO_FRONTMATTER) as Frontmatter);
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
  return {
    get url() {
      return url();
    },
    get id() {
      return payload().page;
    },
    get params() {
      return payload().params;
    },
  };
}
