/**
 * Navigation data fetched ahead (a hover on a link), kept briefly so the click that follows
 * renders at once. Short-lived and used once: data a reader acts on should not be old.
 */

export interface PrefetchCache<T> {
  /** Whether `url` has a fresh entry. */
  has(url: string): boolean;
  put(url: string, value: T): void;
  /** The fresh entry for `url`, removed from the cache. */
  take(url: string): T | undefined;
  clear(): void;
}

export function createPrefetchCache<T>(lifetimeMs: number, now: () => number = Date.now): PrefetchCache<T> {
  const entries = new Map<string, { value: T; expires: number }>();
  const fresh = (url: string) => {
    const entry = entries.get(url);
    if (entry && entry.expires > now()) return entry;
    entries.delete(url);
    return undefined;
  };
  return {
    has: (url) => fresh(url) !== undefined,
    put: (url, value) => {
      entries.set(url, { value, expires: now() + lifetimeMs });
    },
    take: (url) => {
      const entry = fresh(url);
      entries.delete(url);
      return entry?.value;
    },
    clear: () => entries.clear(),
  };
}
