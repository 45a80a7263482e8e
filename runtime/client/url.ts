/**
 * A route pattern as the route table writes it (`/api/users/:id`, `/api/files/*path`) and the
 * caller's values -> the URL to request.
 */

export type ParamValue = string | number;
export type QueryValue = string | number | boolean | null | undefined;
export type Query = URLSearchParams | Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

/**
 * Each parameter is one encoded segment; a catch-all is encoded segment by segment and keeps its
 * `/`, so `{ path: "a b/c.txt" }` reaches the handler as `c.req.param("path") === "a b/c.txt"`.
 */
export function fillPattern(pattern: string, params: Readonly<Record<string, ParamValue>> = {}): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) return encodeSegment(paramValue(pattern, params, segment.slice(1)));
      if (segment.startsWith("*")) return paramValue(pattern, params, segment.slice(1)).split("/").map(encodeSegment).join("/");
      return segment;
    })
    .join("/");
}

function paramValue(pattern: string, params: Readonly<Record<string, ParamValue>>, name: string): string {
  const value = params[name];
  if (value === undefined || value === "") throw new TypeError(`sdk/client: ${pattern} needs params.${name}`);
  return String(value);
}

/**
 * URL parsing resolves `.` and `..` segments, encoded ones included (`%2E%2E`), so such a value
 * would silently request another route; no encoding keeps it a parameter.
 */
function encodeSegment(value: string): string {
  if (value === "." || value === "..") throw new TypeError(`sdk/client: "${value}" cannot be sent as a path segment`);
  return encodeURIComponent(value);
}

/** `null` and `undefined` values are left out; an array repeats its key. */
function searchParams(query: Query): URLSearchParams {
  if (query instanceof URLSearchParams) return query;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) search.append(key, String(item));
    }
  }
  return search;
}

export function queryString(query: Query | undefined): string {
  const text = query === undefined ? "" : searchParams(query).toString();
  return text ? `?${text}` : "";
}

/**
 * In a browser a path is requested relative to the page. Elsewhere (a server, a worker, a test)
 * there is no page, so the caller names the origin; without one, say so rather than let the
 * platform's fetch fail with a bare "invalid URL".
 */
export function resolveUrl(pathAndQuery: string, baseUrl: string | URL | undefined): string {
  if (baseUrl !== undefined) return String(baseUrl).replace(/\/+$/, "") + pathAndQuery;
  if (typeof (globalThis as { location?: unknown }).location === "object") return pathAndQuery;
  throw new TypeError(`sdk/client: outside a browser, pass baseUrl (e.g. "http://localhost:3000") to request ${pathAndQuery}`);
}
