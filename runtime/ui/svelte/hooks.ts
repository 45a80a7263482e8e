/**
 * The helpers a page, a layout or anything they render calls in its `<script>` to read the page
 * and to navigate. What they return is live: read in the markup or in `$derived`, it follows
 * client navigation, as `$props()` does.
 */
import type { PageRoute, ParamsOf, Router } from "../../pages/app-paths.js";
import { requireRouter, usePageContext } from "./context.js";
import { liveRecord } from "./live-record.js";

/** Client-side navigation. Its functions work in event handlers and effects (not during render). */
export function useRouter(): Router {
  const page = usePageContext();
  return {
    navigate: (url, options) => requireRouter(page.router).navigate(url, options),
    reload: () => requireRouter(page.router).reload(),
    prefetch: (url) => requireRouter(page.router).prefetch(url),
  };
}

/**
 * The route parameters of the page shown: `{ slug: "a" }` for `pages/blog/[slug].svelte` at /blog/a.
 * After `sdk prepare`, `useParams<"/blog/[slug]">()` types them by the page's route id.
 */
export function useParams<Route extends PageRoute | Readonly<Record<string, string>> = Readonly<Record<string, string>>>(): ParamsOf<Route> {
  const page = usePageContext();
  return liveRecord(() => page.shown.tree.payload.params as ParamsOf<Route>);
}

const NO_FRONTMATTER: Readonly<Record<string, unknown>> = Object.freeze({});

/** A Markdown page's frontmatter; `{}` on pages that have none. */
export function useFrontmatter<Frontmatter extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>>(): Frontmatter {
  const page = usePageContext();
  return liveRecord(() => (page.shown.tree.payload.frontmatter ?? NO_FRONTMATTER) as Frontmatter);
}

export interface PageInfo {
  /** Path and query of the page shown. */
  readonly url: string;
  /** The page file's id (`pages/blog/[slug].svelte`). */
  readonly id: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Which page is shown, for a layout that marks the current link or reacts to navigation. */
export function usePage(): PageInfo {
  const page = usePageContext();
  return {
    get url() {
      return page.shown.tree.url;
    },
    get id() {
      return page.shown.tree.payload.page;
    },
    get params() {
      return page.shown.tree.payload.params;
    },
  };
}
