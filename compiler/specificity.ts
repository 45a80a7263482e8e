/**
 * Route order. Routers such as Hono try routes in registration order, so the most specific
 * route must come first. The rule, as in rou3 (Nitro, H3):
 *
 * 1. Compare segment by segment from the left. At the first position where the kinds differ,
 *    static beats param beats catch-all: `/users/me` before `/users/:id`, `/files/:id` before
 *    `/files/*path`, `/a/b/c` before `/a/*rest`. Length does not matter before that point:
 *    `/users/me` (2 segments) comes before `/users/:id/posts` (3 segments).
 * 2. Two different static values at the same position never match the same URL, so they are
 *    ordered by code unit only to make the order total.
 * 3. When one route is a prefix of the other, the shorter comes first; they cannot both match
 *    (a catch-all needs at least one segment), so this too only fixes the order.
 * 4. Equal shapes (`/users/:id` and `/users/:slug`) are ordered by pattern, then file: a
 *    conflict the validator reports, listed the same way every time.
 *
 * The comparison is total and uses no locale, so the result never depends on input order.
 */
import type { Segment } from "./ir.js";
import { compareCodeUnits as codeUnits } from "./scan/files.js";

export interface Routable {
  file: string;
  pattern: string;
  segments: Segment[];
}

const RANK: Record<Segment["kind"], number> = { static: 0, param: 1, catchAll: 2 };

export function compareSpecificity(a: Routable, b: Routable): number {
  const shared = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < shared; i++) {
    const x = a.segments[i];
    const y = b.segments[i];
    if (x.kind !== y.kind) return RANK[x.kind] - RANK[y.kind];
    if (x.kind === "static" && y.kind === "static" && x.value !== y.value) return codeUnits(x.value, y.value);
  }
  return a.segments.length - b.segments.length || codeUnits(a.pattern, b.pattern) || codeUnits(a.file, b.file);
}

/** A sorted copy, most specific first. */
export function sortBySpecificity<T extends Routable>(items: readonly T[]): T[] {
  return [...items].sort(compareSpecificity);
}
