/**
 * Incremental static regeneration: stale-while-revalidate over an IsrStore.
 *
 * - Only GET and HEAD requests on paths with a TTL are cached; they share one entry per
 *   `cacheKey` (origin and path plus allowlisted query parameters). Everything else reaches
 *   `render` untouched.
 * - Fresh entry (age < TTL): HIT. Stale entry: STALE, served at once, while one background refresh
 *   per key runs (concurrent stale hits do not start more). A TTL of 0 makes every hit after the
 *   first MISS a STALE one: each request is answered from the cache and triggers a refresh.
 * - Missing entry: MISS. The response streams to the client while a copy is buffered for the store.
 * - Cacheable = status 200, no `Set-Cookie`, no `Cache-Control: private` or `no-store`, no
 *   `Vary: *`. An uncacheable response is still marked MISS (the path is cached by TTL; this
 *   answer was not), so every request on such a path carries the header. A failed or uncacheable
 *   refresh keeps the stale entry in service and is logged. A store shared by several instances
 *   may hand the refresh to one of them (`claimRefresh`); the others go on serving the stale entry.
 * - HEAD is answered from the GET entry without a body; on a miss the GET is rendered and stored.
 *
 * Nothing made for one client reaches another (credentials.ts, vary.ts):
 * - A render that reads `Cookie` or `Authorization` while the request carries one made its answer
 *   for that client: it is sent as BYPASS and not stored. A render that reads them while the
 *   request has none is stored as the answer for clients without credentials, and a client with
 *   them is rendered for (BYPASS) instead of served it. An answer that never looks at them is
 *   shared by everyone, cookies or not.
 * - An answer with `Vary` is served only to requests with the same values of the headers it names.
 * - A background refresh renders without the credentials of the client whose request started it.
 */
import { cacheKey, isCacheableMethod } from "./cache-key.js";
import { carriesCredentials, watchCredentialReads, withoutCredentials, type CredentialWatch } from "./credentials.js";
import { fromEntry, headerList, isCacheable, withCacheStatus, withoutBody } from "./responses.js";
import type { CachedResponse, IsrStore, ReleaseClaim } from "./store.js";
import { matchesVary, variantKey, varyRule, varyValues } from "./vary.js";

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

interface Lookup {
  /** Where the request's entry is, or goes: the cache key, or the key of a `Vary` variant. */
  readonly key: string;
  readonly entry: CachedResponse | undefined;
}

export function createIsr(options: IsrOptions): Isr {
  const { store } = options;
  const now = options.now ?? Date.now;
  const refreshing = new Map<string, { readonly startedAt: number }>();

  /** Stores a render's answer once its body is read (reads while it streams count too), if it may be shared. */
  async function storeRendered(key: string, response: Response, watch: CredentialWatch, ttl: number): Promise<void> {
    const storedAt = now();
    const body = new Uint8Array(await response.arrayBuffer());
    const vary = varyRule(response);
    if (vary.kind === "anything") return;
    const readsCredentials = watch.consulted() || vary.namesCredentials;
    if (readsCredentials && carriesCredentials(watch.headers)) return;
    const entry: CachedResponse = {
      status: response.status,
      headers: headerList(response.headers),
      body,
      storedAt,
      vary: varyValues(vary.names, watch.headers),
      readsCredentials,
    };
    await store.put(key, entry, ttl);
  }

  async function miss(key: string, request: Request, render: Render, ttl: number, waitUntil: WaitUntil | undefined): Promise<Response> {
    const head = request.method === "HEAD";
    const watch = watchCredentialReads(request.url, request.headers);
    const response = await render(watch.request);
    if (!isCacheable(response)) return withCacheStatus(head ? withoutBody(response) : response, "MISS");
    const vary = varyRule(response);
    const personal = (watch.consulted() || (vary.kind === "headers" && vary.namesCredentials)) && carriesCredentials(request.headers);
    if (personal) return withCacheStatus(head ? withoutBody(response) : response, "BYPASS");
    const stored = head ? response : response.clone();
    waitUntil?.(storeRendered(key, stored, watch, ttl).catch((error: unknown) => logFailure(`storing ${key}`, error)));
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
        // Nobody in particular asked for it: the client that found the entry stale lends no credentials.
        const watch = watchCredentialReads(request.url, withoutCredentials(request.headers));
        const response = await render(watch.request);
        if (!isCacheable(response)) {
          await response.body?.cancel();
          console.warn(`[sdk] ISR refresh of ${key} gave an uncacheable ${response.status} response; the stale entry stays in service`);
          return;
        }
        await storeRendered(key, response, watch, ttl);
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
    const { key, entry } = await lookup(store, cacheKey(url, options.allowlistFor(url.pathname)), request.headers);
    if (entry === undefined) return miss(key, request, render, ttl, waitUntil);
    if (entry.readsCredentials && carriesCredentials(request.headers)) return withCacheStatus(await render(request), "BYPASS");
    const head = request.method === "HEAD";
    if (now() - entry.storedAt < ttl * 1000) return fromEntry(entry, "HIT", head);
    refresh(key, request, render, ttl, waitUntil);
    return fromEntry(entry, "STALE", head);
  };
}

/** The entry for the request: the key's own, or, when that one varies on values the request does not have, its variant's. */
async function lookup(store: IsrStore, key: string, headers: Headers): Promise<Lookup> {
  const entry = await readEntry(store, key);
  if (entry?.vary === undefined || matchesVary(entry.vary, headers)) return { key, entry };
  const variant = variantKey(key, varyValues(entry.vary.map(([name]) => name), headers));
  const other = await readEntry(store, variant);
  return { key: variant, entry: other?.vary === undefined || matchesVary(other.vary, headers) ? other : undefined };
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

function logFailure(what: string, error: unknown): void {
  console.error(`[sdk] ISR: ${what} failed; cached entries stay in service:`, error);
}
