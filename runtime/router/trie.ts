/**
 * A per-segment trie of the routes that have parameters. Matching walks the request path one
 * segment at a time (a chain of static segments that never branches at once), so its cost grows
 * with the path's depth and the branches that really match, never with the number of routes. It
 * finds every matching route, not only the best one: Hono runs them in registration order and a
 * handler that calls `next()` passes to the next.
 */
import type { ParamIndexMap, ParamStash } from "hono/router";
import type { DynamicRoute, IndexedResult, Ordered } from "./route-types.js";
import { mergeByOrder } from "./merge.js";
import type { PatternSegment } from "./pattern.js";
import { compact, TrieNode } from "./trie-node.js";

/** The routes one search found, in the order the walk met them, and their parameter values. */
export interface Found<T> {
  readonly hits: readonly Ordered<T>[];
  /** Every hit's values, one after the other; each hit's index map points into it. */
  readonly stash: ParamStash;
}

/** What one walk collects. Walks are synchronous, so one scratch serves them all. */
interface Walk<T> {
  /** The value of each parameter on the current branch. */
  readonly values: string[];
  /** The first `hitCount` are this walk's; the rest are left from earlier ones, to be overwritten. */
  readonly hits: Ordered<T>[];
  hitCount: number;
  stash: string[] | undefined;
}

/** A route with parameters, and its pattern's segments. */
export interface TrieRoute<T> {
  readonly segments: readonly PatternSegment[];
  readonly route: DynamicRoute<T>;
}

export class ParamTrie<T> {
  readonly #root = new TrieNode<T>();
  readonly #walk: Walk<T> = { values: [], hits: [], hitCount: 0, stash: undefined };

  /** The trie of `routes`, complete: it takes no routes later, as compacting it is only right once all are in. */
  constructor(routes: readonly TrieRoute<T>[]) {
    for (const { segments, route } of routes) this.#insert(segments, route);
    compact(this.#root);
  }

  #insert(segments: readonly PatternSegment[], route: DynamicRoute<T>): void {
    let node = this.#root;
    for (const segment of segments) {
      if (segment.kind === "catchAll") {
        node.catchAlls.push(route);
        return;
      }
      node = segment.kind === "param" ? (node.param ??= new TrieNode()) : node.staticChild(segment.value);
    }
    node.ends.push(route);
  }

  /** Every route that matches `path`, in the order the walk met them; undefined when none does. */
  search(path: string): Found<T> | undefined {
    if (!this.#walkFrom(path)) return undefined;
    const walk = this.#walk;
    const found = { hits: walk.hits.slice(0, walk.hitCount), stash: walk.stash! };
    this.#reset();
    return found;
  }

  /**
   * A request's result: every matching route and `wildcards` in registration order, or
   * undefined when no route matches, which keeps the common miss free of allocations.
   */
  match(path: string, wildcards: readonly Ordered<T>[]): IndexedResult<T> | undefined {
    if (!this.#walkFrom(path)) return undefined;
    const walk = this.#walk;
    // A lone hit has no values before its own, so it is the route itself, not a copy with an offset.
    const entries =
      wildcards.length === 0 && walk.hitCount === 1
        ? (walk.hits[0] as DynamicRoute<T>).alone
        : mergeByOrder(wildcards, walk.hits.slice(0, walk.hitCount));
    const result: IndexedResult<T> = [entries, walk.stash!];
    this.#reset();
    return result;
  }

  #walkFrom(path: string): boolean {
    if (path.charCodeAt(0) !== 47) return false;
    visit(this.#root, path, 0, 0, this.#walk);
    return this.#walk.stash !== undefined;
  }

  #reset(): void {
    this.#walk.hitCount = 0;
    this.#walk.stash = undefined;
  }
}

/** `pos` is where the path still to match starts: at a `/` or at the end. */
function visit<T>(node: TrieNode<T>, path: string, pos: number, depth: number, walk: Walk<T>): void {
  if (pos === path.length) {
    for (const route of node.ends) hit(walk, route, depth);
    return;
  }
  const start = pos + 1;
  if (node.catchAlls.length > 0 && start < path.length) {
    walk.values[depth] = path.slice(start);
    for (const route of node.catchAlls) hit(walk, route, depth + 1);
  }
  // Listed segments (joined ones included) differ in their first segment, so at most one matches.
  const segments = node.listedSegments;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const end = start + segment.length;
    if ((end === path.length || path.charCodeAt(end) === 47) && path.startsWith(segment, start)) {
      visit(node.listedNodes[index], path, end, depth, walk);
      break;
    }
  }
  if (node.statics === undefined && node.param === undefined) return;
  let end = path.indexOf("/", start);
  if (end === -1) end = path.length;
  const child = node.statics?.get(path.slice(start, end));
  if (child !== undefined) visit(child, path, end, depth, walk);
  if (node.param !== undefined && end > start) {
    walk.values[depth] = path.slice(start, end);
    visit(node.param, path, end, depth + 1, walk);
  }
}

function hit<T>(walk: Walk<T>, route: DynamicRoute<T>, count: number): void {
  const stash = walk.stash;
  if (stash === undefined) {
    // The first hit's values are the stash's start: one copy of the right length.
    walk.stash = walk.values.slice(0, count);
    walk.hits[walk.hitCount++] = route;
    return;
  }
  const offset = stash.length;
  for (let i = 0; i < count; i++) stash.push(walk.values[i]);
  walk.hits[walk.hitCount++] = { order: route.order, entry: [route.entry[0], indexMap(route.names, offset)] };
}

/** `{ [names[i]]: offset + i }`; null prototype, so a parameter called `__proto__` is a plain key. */
export function indexMap(names: readonly string[], offset: number): ParamIndexMap {
  const map: ParamIndexMap = Object.create(null);
  names.forEach((name, index) => (map[name] = offset + index));
  return map;
}
