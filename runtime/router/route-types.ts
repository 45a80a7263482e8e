/**
 * The entries the router stores and sorts, named by the trie, its nodes and the merge alike; a
 * module of their own so none of those imports another only for its types.
 */
import type { ParamIndexMap, ParamStash } from "hono/router";

export type Entry<T> = [T, ParamIndexMap];

/** A handler with its registration order, the key every match result is sorted by. */
export interface Ordered<T> {
  readonly order: number;
  readonly entry: Entry<T>;
}

export interface DynamicRoute<T> extends Ordered<T> {
  readonly names: readonly string[];
  /** `[entry]`: a request's handlers when this route is its only match, made once. */
  readonly alone: Entry<T>[];
}

/** A request's handlers in registration order, and the parameter values their index maps point into. */
export type IndexedResult<T> = [Entry<T>[], ParamStash];
