/**
 * What a node, bun or deno server allows one client, read from the environment at start so a
 * deployed `dist/` is tuned without a rebuild. The shared core enforces the body size
 * (runtime/request/body-limit.ts); each adapter passes the timeouts to what its runtime offers.
 */

export interface ServerLimits {
  /** Largest request body in bytes: a larger one is answered 413 (SDK_MAX_BODY_SIZE). */
  readonly maxBodySize: number;
  /** How long a client has to send its request line and headers (SDK_HEADERS_TIMEOUT_MS); node's, as Bun keeps its own and Deno has none. */
  readonly headersTimeoutMs: number;
  /** How long a client has to send its whole request, body included (SDK_REQUEST_TIMEOUT_MS); node's. */
  readonly requestTimeoutMs: number;
  /** Open connections at most; undefined lets the adapter derive it from the process's file limit (SDK_MAX_CONNECTIONS). */
  readonly maxConnections: number | undefined;
}

/** 1 MiB, as Fastify's and Next.js's server actions' defaults: a JSON or form post, not an upload. */
export const DEFAULT_MAX_BODY_SIZE = 1024 * 1024;
/** Node.js waits 60 s for headers, which lets a slow crowd hold connections four times as long. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 15_000;
/** Node.js waits 300 s for a whole request; 60 s still gives a 1 MiB body 17 kB/s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/**
 * Longest wait for a loader's streamed prop (a promise it hands back) on every target, the edge
 * included: past it the prop fails as a rejection would, so a promise that never settles cannot
 * hold a response and its connection open. React Router gives 5 s; a page's slow part usually
 * takes well under one.
 */
export const DEFAULT_STREAM_TIMEOUT_MS = 10_000;
/** setTimeout's longest wait: a longer one fires at once. */
export const LONGEST_STREAM_TIMEOUT_MS = 2 ** 31 - 1;

/** A page's `streamTimeout` as it may be written: a whole number of milliseconds setTimeout can wait. */
export function isStreamTimeout(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value <= LONGEST_STREAM_TIMEOUT_MS;
}

const SIZE = /^(\d+)\s*(b|kb?|mb?|gb?)?$/i;
const UNITS: Readonly<Record<string, number>> = { b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

/** The limits from the environment, or a message naming the variable that is wrong and how to write it. */
export function resolveServerLimits(env: (name: string) => string | undefined): ServerLimits | string {
  const maxBodySize = readSize(env, "SDK_MAX_BODY_SIZE", DEFAULT_MAX_BODY_SIZE);
  const headersTimeoutMs = readWhole(env, "SDK_HEADERS_TIMEOUT_MS", DEFAULT_HEADERS_TIMEOUT_MS, "milliseconds, e.g. 15000");
  const requestTimeoutMs = readWhole(env, "SDK_REQUEST_TIMEOUT_MS", DEFAULT_REQUEST_TIMEOUT_MS, "milliseconds, e.g. 60000");
  const maxConnections = env("SDK_MAX_CONNECTIONS")?.trim() ? readWhole(env, "SDK_MAX_CONNECTIONS", 0, "connections, e.g. 10000") : undefined;
  for (const value of [maxBodySize, headersTimeoutMs, requestTimeoutMs, maxConnections]) if (typeof value === "string") return value;
  const limits = { maxBodySize, headersTimeoutMs, requestTimeoutMs, maxConnections } as ServerLimits;
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    return `SDK_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed SDK_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs}): the headers are part of the request.`;
  }
  return limits;
}

function readSize(env: (name: string) => string | undefined, name: string, fallback: number): number | string {
  const raw = env(name)?.trim();
  if (!raw) return fallback;
  const match = SIZE.exec(raw);
  const bytes = match ? Number(match[1]) * UNITS[(match[2] ?? "b").toLowerCase()]! : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) return `${name} must be a size in bytes, or with kb, mb or gb (1024-based), e.g. 10mb; got "${raw}".`;
  return bytes;
}

function readWhole(env: (name: string) => string | undefined, name: string, fallback: number, example: string): number | string {
  const raw = env(name)?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) return `${name} must be a whole number of ${example}; got "${raw}".`;
  return value;
}
