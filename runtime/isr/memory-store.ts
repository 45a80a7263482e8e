/**
 * The default ISR store on node, bun and deno: a bounded least-recently-used map in this process.
 * A Map iterates in insertion order, so re-inserting an entry on every read keeps the least
 * recently used entry first, and both operations stay O(1).
 */
import type { CachedResponse, IsrStore } from "./store.js";

export interface MemoryStoreOptions {
  /** Most entries kept; default 1000. */
  readonly maxEntries?: number;
  /** Most body bytes kept over all entries; default 32 MiB. */
  readonly maxBytes?: number;
}

const DEFAULT_MAX_ENTRIES = 1000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/** TTLs are ignored: stale entries stay until the bounds push them out, so ISR can serve them. */
export function createMemoryStore(options: MemoryStoreOptions = {}): IsrStore {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const entries = new Map<string, CachedResponse>();
  let bytes = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    bytes -= entry.body.byteLength;
  }

  function evictOldest(): void {
    const oldest = entries.keys().next();
    if (!oldest.done) remove(oldest.value);
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry !== undefined) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return Promise.resolve(entry);
    },
    put(key, value) {
      // The old entry goes even when the new one is too big: it is no longer what the app renders.
      remove(key);
      const size = value.body.byteLength;
      if (size > maxBytes || maxEntries < 1) return Promise.resolve();
      while (entries.size >= maxEntries || bytes + size > maxBytes) evictOldest();
      entries.set(key, value);
      bytes += size;
      return Promise.resolve();
    },
  };
}
