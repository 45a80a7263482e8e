/**
 * The ISR store on the edge, on the Workers Cache API (`caches.default`). Each entry is a Response
 * under a synthetic URL built from the key. The entry's own status and headers travel in one
 * metadata header and are rebuilt from it alone, so headers the cache adds or honours
 * (`CF-Cache-Status`, `Age`, `ETag`, the handler's `Cache-Control`) never leak in or interfere,
 * and the stored Response is always a plain 200 the Cache API accepts. Entries are named under the
 * build's version, so those of an earlier deploy (the cache outlives it) are never read.
 */
import { metadataOf, parseEntryMetadata, type EntryMetadata } from "./entry-metadata.js";
import { STALE_GRACE_SECONDS, type CachedResponse, type IsrStore } from "./store.js";

/** Never served to anyone: only names entries inside the worker's own cache. */
const ENTRY_ORIGIN = "https://isr.sdk.internal/";
const METADATA_HEADER = "x-sdk-isr-entry";
const MAX_AGE_CAP_SECONDS = 365 * 24 * 60 * 60;

export function createCacheApiStore(cache: Cache, build: string): IsrStore {
  const entryUrl = (key: string) => `${ENTRY_ORIGIN}${encodeURIComponent(build)}/${encodeURIComponent(key)}`;
  return {
    async get(key) {
      const stored = await cache.match(entryUrl(key));
      if (stored === undefined) return undefined;
      const metadata = readMetadata(stored.headers.get(METADATA_HEADER));
      if (metadata === undefined) {
        await stored.body?.cancel();
        return undefined;
      }
      const entry: CachedResponse = { ...metadata, body: new Uint8Array(await stored.arrayBuffer()) };
      return entry;
    },
    async put(key, value, ttlSeconds) {
      const metadata = metadataOf(value);
      const maxAge = Math.min(Math.max(0, Math.ceil(ttlSeconds)) + STALE_GRACE_SECONDS, MAX_AGE_CAP_SECONDS);
      const response = new Response(value.body as Uint8Array<ArrayBuffer>, {
        headers: {
          "Cache-Control": `public, max-age=${maxAge}`,
          // URI-encoded so any header value (even Latin-1 bytes) survives as plain ASCII.
          [METADATA_HEADER]: encodeURIComponent(JSON.stringify(metadata)),
        },
      });
      await cache.put(entryUrl(key), response);
    },
  };
}

/** The metadata header is URI-encoded JSON; a value that does not decode is not ours. */
function readMetadata(raw: string | null): EntryMetadata | undefined {
  if (raw === null) return undefined;
  try {
    return parseEntryMetadata(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}
