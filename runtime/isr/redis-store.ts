/**
 * The ISR store several node, bun or deno instances share when the deployment names a Redis
 * server (`SDK_REDIS_URL`). An entry is one binary value: a 4-byte length, the metadata as JSON,
 * then the body's bytes untouched. It expires its TTL plus a stale grace after it is stored, so
 * an instance can still serve it stale while one instance, holding a short claim, renders it again.
 *
 * A failing Redis costs a render, never an error page: reads answer "no entry", writes and claims
 * give up, and the connection logs the outage once (runtime/redis/outage-log.ts).
 */
import type { RedisCommands } from "../redis/connection.js";
import { metadataOf, parseEntryMetadata } from "./entry-metadata.js";
import { STALE_GRACE_SECONDS, type CachedResponse, type IsrStore, type ReleaseClaim } from "./store.js";

/** Long enough for a slow render; a claim whose holder died only delays the refresh this long. */
export const REFRESH_CLAIM_MS = 30_000;
const LENGTH_BYTES = 4;

/** `prefix` separates deployments and builds; every key this store writes starts with it. */
export function createRedisStore(redis: RedisCommands, prefix: string): IsrStore {
  const entryKey = (key: string) => `${prefix}entry:${key}`;
  const claimKey = (key: string) => `${prefix}refresh:${key}`;
  return {
    async get(key) {
      const stored = await redis.getBytes(entryKey(key)).catch(() => null);
      return stored === null ? undefined : decodeEntry(stored);
    },
    async put(key, value, ttlSeconds) {
      const ttlMs = (Math.max(0, Math.ceil(ttlSeconds)) + STALE_GRACE_SECONDS) * 1000;
      await redis.setBytes(entryKey(key), encodeEntry(value), ttlMs).catch(() => undefined);
    },
    async claimRefresh(key) {
      const holder = crypto.randomUUID();
      const claimed = await redis.setIfAbsent(claimKey(key), holder, REFRESH_CLAIM_MS).catch(() => true);
      if (!claimed) return null;
      const release: ReleaseClaim = () => redis.deleteIfHolds(claimKey(key), holder).catch(() => undefined);
      return release;
    },
  };
}

function encodeEntry(entry: CachedResponse): Uint8Array {
  const metadata = new TextEncoder().encode(JSON.stringify(metadataOf(entry)));
  const bytes = new Uint8Array(LENGTH_BYTES + metadata.byteLength + entry.body.byteLength);
  new DataView(bytes.buffer).setUint32(0, metadata.byteLength);
  bytes.set(metadata, LENGTH_BYTES);
  bytes.set(entry.body, LENGTH_BYTES + metadata.byteLength);
  return bytes;
}

/** `undefined` for a value this store did not write (another tool's key under the same prefix). */
function decodeEntry(bytes: Uint8Array): CachedResponse | undefined {
  if (bytes.byteLength < LENGTH_BYTES) return undefined;
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const bodyStart = LENGTH_BYTES + length;
  if (bodyStart > bytes.byteLength) return undefined;
  let json: string;
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(LENGTH_BYTES, bodyStart));
  } catch {
    return undefined;
  }
  const metadata = parseEntryMetadata(json);
  return metadata === undefined ? undefined : { ...metadata, body: bytes.slice(bodyStart) };
}
