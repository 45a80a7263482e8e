/**
 * Hono router for the route tables our compiler emits. Everything is decided when the first
 * request arrives: per method, static paths map straight to their complete, precomputed result
 * (middleware, the route, any parameter route that also matches, in registration order), and
 * paths with parameters are found in a per-segment trie. So a request costs one `Map` lookup,
 * plus a walk as deep as the path for parameter routes, however many routes the app has.
 *
 * Results keep Hono's contract: every matching handler, `*` middleware included, in the order it
 * was registered, so `next()` in a handler falls through to the next match and an empty match
 * ends in the app's notFound.
 */
import { METHOD_NAME_ALL } from "hono/router";
import type { ParamIndexMap, Result, Router } from "hono/router";
import { parsePattern, type RoutePattern } from "./pattern.js";
import { mergeByOrder } from "./merge.js";
import type { DynamicRoute, Entry, IndexedResult, Ordered } from "./route-types.js";
import { indexMap, ParamTrie, type TrieRoute } from "./trie.js";

interface Registration<T> {
  readonly method: string;
  readonly pattern: RoutePattern;
  readonly route: DynamicRoute<T>;
}

const NO_PARAMS: ParamIndexMap = Object.freeze(Object.create(null));
const NO_VALUES: string[] = [];

export class SegmentTrieRouter<T> implements Router<T> {
  readonly name = "SegmentTrieRouter";
  readonly #registrations: Registration<T>[] = [];
  #tables: Map<string, MethodTable<T>> | undefined;
  #fallback: MethodTable<T> | undefined;

  add(method: string, path: string, handler: T): void {
    const pattern = parsePattern(path);
    const names = pattern.kind === "dynamic" ? pattern.names : [];
    const order = this.#registrations.length;
    const entry: Entry<T> = [handler, names.length === 0 ? NO_PARAMS : indexMap(names, 0)];
    this.#registrations.push({ method, pattern, route: { order, entry, names, alone: [entry] } });
    this.#tables = undefined;
  }

  match(method: string, path: string): Result<T> {
    if (this.#tables === undefined) this.#build();
    const table = this.#tables!.get(method) ?? this.#fallback!;
    return table.match(path);
  }

  #build(): void {
    const registrations = this.#registrations;
    const forMethod = (method: string) =>
      new MethodTable(registrations.filter((r) => r.method === method || r.method === METHOD_NAME_ALL));
    const tables = new Map<string, MethodTable<T>>();
    for (const { method } of registrations) {
      if (method !== METHOD_NAME_ALL && !tables.has(method)) tables.set(method, forMethod(method));
    }
    this.#fallback = forMethod(METHOD_NAME_ALL);
    this.#tables = tables;
  }
}

/** The routes of one method (and those registered for every method). */
class MethodTable<T> {
  readonly #wildcards: Ordered<T>[] = [];
  readonly #trie: ParamTrie<T>;
  readonly #statics = new Map<string, IndexedResult<T>>();
  readonly #none: IndexedResult<T>;

  constructor(registrations: readonly Registration<T>[]) {
    const staticRoutes = new Map<string, Ordered<T>[]>();
    const dynamicRoutes: TrieRoute<T>[] = [];
    for (const { pattern, route } of registrations) {
      if (pattern.kind === "wildcard") this.#wildcards.push(route);
      else if (pattern.kind === "dynamic") dynamicRoutes.push({ segments: pattern.segments, route });
      else {
        const routes = staticRoutes.get(pattern.path);
        if (routes === undefined) staticRoutes.set(pattern.path, [route]);
        else routes.push(route);
      }
    }
    this.#trie = new ParamTrie(dynamicRoutes);
    this.#none = [this.#wildcards.map((route) => route.entry), NO_VALUES];
    for (const [path, routes] of staticRoutes) {
      const found = this.#trie.search(path);
      const hits = found === undefined ? routes : [...routes, ...found.hits];
      this.#statics.set(path, [mergeByOrder(this.#wildcards, hits), found?.stash ?? NO_VALUES]);
    }
  }

  match(path: string): IndexedResult<T> {
    const precomputed = this.#statics.get(path);
    if (precomputed !== undefined) return precomputed;
    return this.#trie.match(path, this.#wildcards) ?? this.#none;
  }
}
