/**
 * One node of the parameter trie (trie.ts) and how the finished trie is made shorter to walk.
 */
import type { DynamicRoute } from "./route-types.js";

/**
 * Up to this many static children are compared in place rather than looked up by a segment
 * sliced out of the path: no string to allocate and hash, and no search for the segment's end.
 */
const MOST_LISTED_CHILDREN = 8;

export class TrieNode<T> {
  /** The static children by segment, once there are more than MOST_LISTED_CHILDREN. */
  statics: Map<string, TrieNode<T>> | undefined;
  /** The static children while there are few: segments and nodes at the same index. */
  readonly listedSegments: string[] = [];
  readonly listedNodes: TrieNode<T>[] = [];
  param: TrieNode<T> | undefined;
  /** Routes whose last segment ends at this node. */
  readonly ends: DynamicRoute<T>[] = [];
  /** Routes whose final catch-all takes the rest of the path after this node. */
  readonly catchAlls: DynamicRoute<T>[] = [];

  staticChild(segment: string): TrieNode<T> {
    if (this.statics !== undefined) {
      let child = this.statics.get(segment);
      if (child === undefined) this.statics.set(segment, (child = new TrieNode()));
      return child;
    }
    const index = this.listedSegments.indexOf(segment);
    if (index !== -1) return this.listedNodes[index];
    const child = new TrieNode<T>();
    this.listedSegments.push(segment);
    this.listedNodes.push(child);
    if (this.listedSegments.length > MOST_LISTED_CHILDREN) {
      this.statics = new Map(this.listedSegments.map((listed, at) => [listed, this.listedNodes[at]]));
      this.listedSegments.length = 0;
      this.listedNodes.length = 0;
    }
    return child;
  }
}

/**
 * Joins each chain of listed static children that leads nowhere else into one listed segment, so
 * `/api/users/:id` is walked as `api/users` and then the parameter, not `api`, `users`, parameter.
 */
export function compact<T>(node: TrieNode<T>): void {
  const segments = node.listedSegments;
  const nodes = node.listedNodes;
  for (let index = 0; index < segments.length; index++) {
    let child = nodes[index];
    while (leadsOnlyOn(child)) {
      segments[index] += `/${child.listedSegments[0]}`;
      child = child.listedNodes[0];
    }
    nodes[index] = child;
    compact(child);
  }
  node.statics?.forEach(compact);
  if (node.param !== undefined) compact(node.param);
}

/** Whether nothing ends, is caught or branches at `node`: all it has is one listed static child. */
function leadsOnlyOn<T>(node: TrieNode<T>): boolean {
  return (
    node.listedSegments.length === 1 &&
    node.statics === undefined &&
    node.param === undefined &&
    node.ends.length === 0 &&
    node.catchAlls.length === 0
  );
}
