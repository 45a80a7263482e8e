/**
 * The ISR cache key of a request: its origin and path plus only the allowlisted query parameters,
 * in a canonical order, so that tracking parameters and parameter order never split the cache.
 * The origin is in it because a page may build URLs from the request's: an answer rendered for a
 * forged `Host` is then only ever served to requests carrying that same `Host`.
 * GET and HEAD share one key; no other method is cached.
 */

/** Whether requests with this method may be answered from the ISR cache. */
export function isCacheableMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

/**
 * `origin + pathname` when no allowlisted parameter is present (the contract's default keeps none);
 * otherwise `origin + pathname?name=value&...` sorted by name, then value.
 */
export function cacheKey(url: URL, allowlist: readonly string[]): string {
  return url.origin + pathAndQuery(url, allowlist);
}

function pathAndQuery(url: URL, allowlist: readonly string[]): string {
  if (allowlist.length === 0 || url.search === "") return url.pathname;
  const kept: Array<[string, string]> = [];
  for (const [name, value] of url.searchParams) {
    if (allowlist.includes(name)) kept.push([name, value]);
  }
  if (kept.length === 0) return url.pathname;
  kept.sort(comparePairs);
  let query = "";
  for (const [name, value] of kept) {
    query += `${query === "" ? "?" : "&"}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  }
  return url.pathname + query;
}

/** Code-unit order, not locale order: the key must be the same on every runtime. */
function comparePairs(a: readonly [string, string], b: readonly [string, string]): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return 0;
}
