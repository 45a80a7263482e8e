/**
 * An ISR entry's status, time and headers as JSON, beside its body: how the stores that keep
 * bytes (the Cache API, Redis) record the rest, and read back only what they wrote themselves.
 */
import type { CachedResponse } from "./store.js";

export interface EntryMetadata {
  readonly status: number;
  readonly storedAt: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
}

export function metadataOf(entry: CachedResponse): EntryMetadata {
  return { status: entry.status, storedAt: entry.storedAt, headers: entry.headers };
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
    Array.isArray(candidate.headers) &&
    candidate.headers.every(
      (pair: unknown) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string" && typeof pair[1] === "string",
    )
  );
}
