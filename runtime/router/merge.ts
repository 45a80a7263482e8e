/**
 * Merges a method's `*` middleware with the routes a path matched into the one order Hono runs
 * handlers in: registration order.
 */
import type { Entry, Ordered } from "./route-types.js";

/** `wildcards` is in registration order; `hits` is in the order the trie met them. */
export function mergeByOrder<T>(wildcards: readonly Ordered<T>[], hits: readonly Ordered<T>[]): Entry<T>[] {
  if (wildcards.length === 0 && hits.length === 1) return [hits[0].entry];
  const sorted = hits.length > 1 ? [...hits].sort((a, b) => a.order - b.order) : hits;
  const entries: Entry<T>[] = [];
  let w = 0;
  let h = 0;
  while (w < wildcards.length || h < sorted.length) {
    const takeWildcard = h === sorted.length || (w < wildcards.length && wildcards[w].order < sorted[h].order);
    entries.push(takeWildcard ? wildcards[w++].entry : sorted[h++].entry);
  }
  return entries;
}
