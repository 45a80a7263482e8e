/**
 * Incremental static regeneration: stale-while-revalidate over an IsrStore.
 *
 * - Only GET and HEAD requests on paths with a TTL are cached; they share one entry per
 *   `cacheKey` (path plus allowlisted query parameters). Everything else reaches `render` untouched.
 * - Fresh entry (age < TTL): HIT. Stale entry: STALE, served at once, while one background refresh
 *   per key runs (concurrent stale hits do not start more). A TTL of 0 makes every hit after the
 *   first MISS a STALE one: each request is answered from the cache and triggers a refresh.
 * - Missing entry: MISS. The response streams to the client while a copy is buffered for the store.
 * - Cacheable = status 200, no `Set-Cookie`, no `Cache-Control: private` or `no-store`. An
 *   uncacheable response is still marked MISS (the path is cached by TTL; this answer was not), so
 *   every request on such a path carries the header. A failed or uncacheable refresh keeps the
 *   stale entry in service and is logged. A store shared by several instances may hand the
 *   refresh to one of them (`claimRefresh`); the others go on serving the stale entry.
 * - HEAD is answered from the GET entry without a body; on a miss the GET is rendered and stored.
 *
 * The request's cookies and other headers do not enter the key: a handler that personalises a
 * cached path must say `Cache-Control: private`.
 */
import { cacheKey, isCacheableMethod } from "./cache-key.js";
import type { CachedResponse, IsrStore, ReleaseClaim } from "./store.js";

export type CacheStatus = "HIT" | "MISS" | "STALE";
export const CACHE_STATUS_HEADER = "x-sdk-cache";

export type Render = (request: Request) => Promise<Response>;
/** Keeps background work alive after the response is sent; must not be given a rejecting promise. */
export type WaitUntil = (promise: Promise<unknown>) => void;

export interface IsrOptions {
  /** Freshness lifetime in seconds for a path; `undefined` means the path is not cached. */
  ttlFor(pathname: string): number | undefined;
  /** Query parameter names that enter the cache key for a path. */
  allowlistFor(pathname: string): readonly string[];
  store: IsrStore;
  /**
   * Default for background work when a call passes none. On node, bun and deno it may be omitted:
   * background promises run to completion there and log their own failures.
   */
  waitUntil?: WaitUntil;
  now?(): number;
}

/** On the edge, pass the request's `ctx.waitUntil` as `waitUntil`. */
export type Isr = (request: Request, render: Render, waitUntil?: WaitUntil) => Promise<Response>;

const NOTHING_TO_RELEASE: ReleaseClaim = () => Promise.resolve();

/** A refresh that has not settled after this long no longer blocks the next one. */
const REFRESH_TIMEOUT_MS = 60_000;

export function createIsr(options: IsrOptions): Isr {
  const { store } = options;
  const now = options.now ?? Date.now;
  const refreshing = new Map<string, { readonly startedAt: number }>();

  async function storeResponse(key: string, response: Response, ttl: number): Promise<void> {
    const headers = headerList(response.headers);
    const storedAt = now();
    const body = new Uint8Array(await response.arrayBuffer());
    await store.put(key, { status: response.status, headers, body, storedAt }, ttl);
  }

  async function miss(key: string, request: Request, render: Render, ttl: number, waitUntil: WaitUntil | undefined): Promise<Response> {
    const head = request.method === "HEAD";
    const response = await render(head ? asGet(request) : request);
    if (!isCacheable(response)) return withCacheStatus(head ? withoutBody(response) : response, "MISS");
    const stored = head ? response : response.clone();
    waitUntil?.(storeResponse(key, stored, ttl).catch((error: unknown) => logFailure(`storing ${key}`, error)));
    return withCacheStatus(head ? new Response(null, response) : response, "MISS");
  }

  function refresh(key: string, request: Request, render: Render, ttl: number, waitUntil: WaitUntil | undefined): void {
    const current = refreshing.get(key);
    if (current !== undefined && now() - current.startedAt < REFRESH_TIMEOUT_MS) return;
    const token = { startedAt: now() };
    refreshing.set(key, token);
    const task = (async () => {
      // A shared store lets one instance refresh; the others keep serving the stale entry.
      const release = store.claimRefresh ? await store.claimRefresh(key) : NOTHING_TO_RELEASE;
      if (release === null) return;
      try {
        const response = await render(asGet(request));
        if (!isCacheable(response)) {
          await response.body?.cancel();
          console.warn(`[sdk] ISR refresh of ${key} gave an uncacheable ${response.status} response; the stale entry stays in service`);
          return;
        }
        await storeResponse(key, response, ttl);
      } finally {
        await release();
      }
    })()
      .catch((error: unknown) => logFailure(`refreshing ${key}`, error))
      .finally(() => {
        if (refreshing.get(key) === token) refreshing.delete(key);
      });
    waitUntil?.(task);
  }

  return async (request, render, waitUntil = options.waitUntil) => {
    // An upgrade (WebSocket) is a connection, not a document.
    if (!isCacheableMethod(request.method) || request.headers.has("upgrade")) return render(request);
    const url = new URL(request.url);
    const ttl = options.ttlFor(url.pathname);
    if (ttl === undefined) return render(request);
    const key = cacheKey(url, options.allowlistFor(url.pathname));
    const entry = await readEntry(store, key);
    if (entry === undefined) return miss(key, request, render, ttl, waitUntil);
    const head = request.method === "HEAD";
    if (now() - entry.storedAt < ttl * 1000) return fromEntry(entry, "HIT", head);
    refresh(key, request, render, ttl, waitUntil);
    return fromEntry(entry, "STALE", head);
  };
}

/** A store that cannot answer (a shared store being down) costs a render, not an error page. */
async function readEntry(store: IsrStore, key: string): Promise<CachedResponse | undefined> {
  try {
    return await store.get(key);
  } catch (error) {
    logFailure(`reading ${key}`, error);
    return undefined;
  }
}

function isCacheable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control");
  if (cacheControl === null) return true;
  for (const directive of cacheControl.split(",")) {
    const name = directive.split("=", 1)[0]!.trim().toLowerCase();
    if (name === "private" || name === "no-store") return false;
  }
  return true;
}

/** A fresh GET for background work: not tied to the client's body or abort signal. */
function asGet(request: Request): Request {
  return new Request(request.url, { method: "GET", headers: request.headers });
}

function headerList(headers: Headers): Array<[string, string]> {
  const list: Array<[string, string]> = [];
  headers.forEach((value, name) => list.push([name, value]));
  return list;
}

function fromEntry(entry: CachedResponse, status: CacheStatus, head: boolean): Response {
  const headers = new Headers();
  for (const [name, value] of entry.headers) headers.append(name, value);
  headers.set(CACHE_STATUS_HEADER, status);
  return new Response(head ? null : (entry.body as Uint8Array<ArrayBuffer>), { status: entry.status, headers });
}

function withoutBody(response: Response): Response {
  void response.body?.cancel();
  return new Response(null, response);
}

/** Headers of a fetched or redirect Response are immutable; such a response is re-wrapped. */
function withCacheStatus(response: Response, status: CacheStatus): Response {
  try {
    response.headers.set(CACHE_STATUS_HEADER, status);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(CACHE_STATUS_HEADER, status);
    return copy;
  }
}

function logFailure(what: string, error: unknown): void {
  console.error(`[sdk] ISR: ${what} failed; cached entries stay in service:`, error);
}
