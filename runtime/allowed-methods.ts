/**
 * Which methods the routes matching a path accept, for `405 Method Not Allowed` with `Allow`.
 * Consulted only when no route answered, so matched requests pay nothing for it.
 */
import { SegmentTrieRouter } from "./router/router.js";

export interface RouteMethods {
  readonly pattern: string;
  readonly methods: readonly string[];
}

/** Returns, per path, the union of methods of every route whose pattern matches it (empty if none). */
export function createAllowedMethodsLookup(routes: readonly RouteMethods[]): (path: string) => readonly string[] {
  let router: SegmentTrieRouter<readonly string[]> | undefined;
  return (path) => {
    router ??= buildRouter(routes);
    const matches = router.match("ALL", path)[0];
    if (matches.length === 1) return matches[0]![0];
    return [...new Set(matches.flatMap(([methods]) => methods))];
  };
}

function buildRouter(routes: readonly RouteMethods[]): SegmentTrieRouter<readonly string[]> {
  const router = new SegmentTrieRouter<readonly string[]>();
  for (const { pattern, methods } of routes) {
    router.add("ALL", pattern, methods.includes("GET") && !methods.includes("HEAD") ? [...methods, "HEAD"] : methods);
  }
  return router;
}
