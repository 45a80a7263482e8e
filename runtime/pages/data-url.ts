/**
 * Where a page's navigation data lives: beside the page, at `<page path>/__data.json`. Beside, not
 * behind a header, so middleware guarding `/admin/*` guards the data of `/admin/x` too and a static
 * host can serve a prerendered copy. Shared with the browser router: no imports.
 */

export const DATA_SUFFIX = "/__data.json";

/** `/blog/a?x=1` -> `/blog/a/__data.json?x=1`; `/` -> `/__data.json`. A fragment is dropped. */
export function dataUrlFor(pathnameWithQuery: string): string {
  const hash = pathnameWithQuery.indexOf("#");
  const withoutHash = hash === -1 ? pathnameWithQuery : pathnameWithQuery.slice(0, hash);
  const queryStart = withoutHash.indexOf("?");
  const pathname = queryStart === -1 ? withoutHash : withoutHash.slice(0, queryStart);
  const query = queryStart === -1 ? "" : withoutHash.slice(queryStart);
  const base = pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return base + DATA_SUFFIX + query;
}

/** The page a data URL belongs to (`/blog/a/__data.json` -> `/blog/a`), query kept; null for any other URL. */
export function pageUrlForData(pathnameWithQuery: string): string | null {
  const queryStart = pathnameWithQuery.indexOf("?");
  const pathname = queryStart === -1 ? pathnameWithQuery : pathnameWithQuery.slice(0, queryStart);
  if (!pathname.endsWith(DATA_SUFFIX)) return null;
  const query = queryStart === -1 ? "" : pathnameWithQuery.slice(queryStart);
  return (pathname.slice(0, -DATA_SUFFIX.length) || "/") + query;
}
