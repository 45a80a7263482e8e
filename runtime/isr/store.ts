import type { VaryValues } from "./vary.js";

/**
 * Where ISR keeps rendered responses. Kept to two calls so that a shared store (Redis, a KV
 * service) can stand behind several server instances with little code.
 */

/** A rendered response, buffered so that it can be served many times. */
export interface CachedResponse {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
  /** When the response was rendered, in milliseconds since the epoch. */
  readonly storedAt: number;
  /** The request header values the response's `Vary` names, as the render saw them; none by default. */
  readonly vary?: VaryValues;
  /**
   * The render read `Cookie` or `Authorization`, which the request did not carry: the answer is
   * the one for a client without credentials, and is served to no request that has them.
   */
  readonly readsCredentials?: boolean;
}

export interface IsrStore {
  /** The entry for `key`, fresh or stale; `undefined` when there is none. */
  get(key: string): Promise<CachedResponse | undefined>;
  /**
   * Stores `value` under `key`. `ttlSeconds` is the freshness lifetime: a store should keep the
   * entry past it (ISR serves stale entries while it refreshes them) and may drop it any time later.
   */
  put(key: string, value: CachedResponse, ttlSeconds: number): Promise<void>;
  /**
   * For a store several instances share: claims the refresh of a stale `key` for this instance, so
   * only one of them renders it again. Resolves to the claim's release, or `null` while another
   * instance holds it. A store without it leaves each instance to refresh on its own.
   */
  claimRefresh?(key: string): Promise<ReleaseClaim | null>;
}

export type ReleaseClaim = () => Promise<void>;

/** How long a shared store keeps an entry past its TTL, so it can be served stale while it refreshes. */
export const STALE_GRACE_SECONDS = 24 * 60 * 60;
