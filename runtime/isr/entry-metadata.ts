/**
 * An ISR entry's status, time and headers as JSON, beside its body: how the stores that keep
 * bytes (the Cache API, Redis) record the rest, and read back only what they wrote themselves.
 */
import type { CachedResponse } from "./store.js";

export type EntryMetadata = Omit<CachedResponse, "body">;

export function metadataOf(entry: CachedResponse): EntryMetadata {
  const { status, storedAt, headers, vary, readsCredentials } = entry;
  return { status, storedAt, headers, ...(vary?.length && { vary }), ...(readsCredentials && { readsCredentials }) };
}

/** `undefined` for anything this store did not write, which is then treated as a miss. */
export function parseEntryMetadata(json: string): EntryMetadata | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  return isMetadata(parsed) ? parsed : undefined;
}

function isMetadata(value: unknown): value is EntryMetadata {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Record<keyof EntryMetadata, unknown>>;
  return (
    typeof candidate.status === "number" &&
    typeof candidate.storedAt === "number" &&
    isPairList(candidate.headers) &&
    (candidate.vary === undefined || isPairList(candidate.vary)) &&
    (candidate.readsCredentials === undefined || typeof candidate.readsCredentials === "boolean")
  );
}

function isPairList(value: unknown): value is ReadonlyArray<readonly [string, string]> {
  return Array.isArray(value) && value.every((pair: unknown) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string" && typeof pair[1] === "string");
}
