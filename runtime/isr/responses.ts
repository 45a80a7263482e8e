/**
 * The Responses ISR deals in: which may be stored, and those it answers with, marked with where
 * they came from in `x-sdk-cache`.
 */
import type { CachedResponse } from "./store.js";
import { varyRule } from "./vary.js";

/**
 * - `HIT`, `STALE`: from the cache (a stale one is being refreshed in the background).
 * - `MISS`: rendered for this request; stored when it may be shared.
 * - `BYPASS`: rendered for this client alone (it carries credentials the render reads) and never stored.
 */
export type CacheStatus = "HIT" | "MISS" | "STALE" | "BYPASS";
export const CACHE_STATUS_HEADER = "x-sdk-cache";

/** Status 200, no `Set-Cookie`, no `Cache-Control: private` or `no-store`, no `Vary: *`. */
export function isCacheable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  if (varyRule(response).kind === "anything") return false;
  const cacheControl = response.headers.get("cache-control");
  if (cacheControl === null) return true;
  for (const directive of cacheControl.split(",")) {
    const name = directive.split("=", 1)[0]!.trim().toLowerCase();
    if (name === "private" || name === "no-store") return false;
  }
  return true;
}

export function headerList(headers: Headers): Array<[string, string]> {
  const list: Array<[string, string]> = [];
  headers.forEach((value, name) => list.push([name, value]));
  return list;
}

export function fromEntry(entry: CachedResponse, status: CacheStatus, head: boolean): Response {
  const headers = new Headers();
  for (const [name, value] of entry.headers) headers.append(name, value);
  headers.set(CACHE_STATUS_HEADER, status);
  return new Response(head ? null : (entry.body as Uint8Array<ArrayBuffer>), { status: entry.status, headers });
}

export function withoutBody(response: Response): Response {
  void response.body?.cancel();
  return new Response(null, response);
}

/** Headers of a fetched or redirect Response are immutable; such a response is re-wrapped. */
export function withCacheStatus(response: Response, status: CacheStatus): Response {
  try {
    response.headers.set(CACHE_STATUS_HEADER, status);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(CACHE_STATUS_HEADER, status);
    return copy;
  }
}
