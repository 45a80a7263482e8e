/**
 * A per-segment trie of the routes that have parameters. Matching walks the request path one
 * segment at a time, so its cost grows with the path's depth and the branches that really match,
 * never with the number of routes. It finds every matching route, not only the best one: Hono
 * runs them in registration order and a handler that calls `next()` passes to the next.
 */
import type { ParamIndexMap, ParamStash } from "hono/router";
import type { PatternSegment } from "./pattern.js";

export type Entry<T> = [T, ParamIndexMap];

/** A handler with its registration order, the key every match result is sorted by. */
export interface Ordered<T> {
  readonly order: number;
  readonly entry: Entry<T>;
}

export interface DynamicRoute<T> extends Ordered<T> {
  readonly names: readonly string[];
}

class TrieNode<T> {
  statics: Map<string, TrieNode<T>> | undefined;
  param: TrieNode<T> | undefined;
  /** Routes whose last segment ends at this node. */
  readonly ends: DynamicRoute<T>[] = [];
  /** Routes whose final catch-all takes the rest of the path after this node. */
  readonly catchAlls: DynamicRoute<T>[] = [];
}

/** The routes one search found, in the order the walk met them, and their parameter values. */
export interface Found<T> {
  readonly hits: readonly Ordered<T>[];
  /** Every hit's values, one after the other; each hit's index map points into it. */
  readonly stash: ParamStash;
}

export class ParamTrie<T> {
  readonly #root = new TrieNode<T>();
  /** Scratch for the walk: the value of each parameter on the current branch. Search is synchronous. */
  readonly #values: string[] = [];
  #hits: Ordered<T>[] = [];
  #stash: ParamStash | undefined;

  insert(segments: readonly PatternSegment[], route: DynamicRoute<T>): void {
    let node = this.#root;
    for (const segment of segments) {
      if (segment.kind === "catchAll") {
        node.catchAlls.push(route);
        return;
      }
      if (segment.kind === "param") {
        node = node.param ??= new TrieNode();
        continue;
      }
      node.statics ??= new Map();
      let child = node.statics.get(segment.value);
      if (child === undefined) node.statics.set(segment.value, (child = new TrieNode()));
      node = child;
    }
    node.ends.push(route);
  }

  /** Undefined when nothing matched, which keeps the common miss free of allocations. */
  search(path: string): Found<T> | undefined {
    if (path.charCodeAt(0) !== 47) return undefined;
    this.#visit(this.#root, path, 0, 0);
    const stash = this.#stash;
    if (stash === undefined) return undefined;
    const found = { hits: this.#hits, stash };
    this.#hits = [];
    this.#stash = undefined;
    return found;
  }

  /** `pos` is where the path still to match starts: at a `/` or at the end. */
  #visit(node: TrieNode<T>, path: string, pos: number, depth: number): void {
    if (pos === path.length) {
      for (const route of node.ends) this.#hit(route, depth);
      return;
    }
    const start = pos + 1;
    if (node.catchAlls.length > 0 && start < path.length) {
      this.#values[depth] = path.slice(start);
      for (const route of node.catchAlls) this.#hit(route, depth + 1);
    }
    let end = path.indexOf("/", start);
    if (end === -1) end = path.length;
    const segment = path.slice(start, end);
    const child = node.statics?.get(segment);
    if (child !== undefined) this.#visit(child, path, end, depth);
    if (node.param !== undefined && end > start) {
      this.#values[depth] = segment;
      this.#visit(node.param, path, end, depth + 1);
    }
  }

  #hit(route: DynamicRoute<T>, count: number): void {
    const stash = (this.#stash ??= []);
    const offset = stash.length;
    for (let i = 0; i < count; i++) stash.push(this.#values[i]);
    this.#hits.push(offset === 0 ? route : { order: route.order, entry: [route.entry[0], indexMap(route.names, offset)] });
  }
}

/** `{ [names[i]]: offset + i }`; null prototype, so a parameter called `__proto__` is a plain key. */
export function indexMap(names: readonly string[], offset: number): ParamIndexMap {
  const map: ParamIndexMap = Object.create(null);
  names.forEach((name, index) => (map[name] = offset + index));
  return map;
}
