/**
 * A loader's slow parts: top-level props it hands back as promises (`{ post, comments:
 * db.comments() }`, as Remix's and SvelteKit's streamed promises). The page renders with the
 * promises themselves, so the library's Suspense (or its own await) shows a fallback in the shell
 * and the value when it arrives; each promise's outcome then travels to the browser as JSON, which
 * turns it back into a promise (client/streamed-props.ts). Every promise is bounded by a timeout,
 * so one that never settles cannot hold a response, and a connection, open forever.
 */
import { DEFAULT_STREAM_TIMEOUT_MS, isStreamTimeout, LONGEST_STREAM_TIMEOUT_MS } from "../server-limits.js";
import { isThenable } from "../thenable.js";
import { checkJsonData } from "./serialize.js";
import type { Settled } from "./types.js";

export interface StreamedProps {
  /** The names of the props that were promises, in the loader's order. */
  readonly keys: readonly string[];
  /** Each prop's promise, bounded by the timeout; the page renders with these. */
  readonly promises: Readonly<Record<string, Promise<unknown>>>;
  /** The other props, which the document carries at once. */
  readonly rest: Record<string, unknown>;
  /** How long each promise may take. */
  readonly timeoutMs: number;
}

/**
 * A page's `streamTimeout` export, checked once as the server starts: a whole number of
 * milliseconds, or the default where the page exports none.
 */
export function streamTimeoutOf(value: unknown, pageFile: string): number {
  if (value === undefined) return DEFAULT_STREAM_TIMEOUT_MS;
  if (isStreamTimeout(value)) return value;
  throw new Error(
    `${pageFile}: streamTimeout is ${JSON.stringify(value) ?? String(value)}; it must be a whole number of milliseconds from 1 to ${LONGEST_STREAM_TIMEOUT_MS} (e.g. \`export const streamTimeout = 30_000\`), or left out for the default ${DEFAULT_STREAM_TIMEOUT_MS}.`,
  );
}

/**
 * The loader's promise-valued props, or undefined when it handed back none: the common case,
 * answered by one pass over the top-level keys.
 */
export function findStreamedProps(result: unknown, timeoutMs = DEFAULT_STREAM_TIMEOUT_MS): StreamedProps | undefined {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return undefined;
  let keys: string[] | undefined;
  for (const key in result) {
    if (isThenable((result as Record<string, unknown>)[key]) && Object.hasOwn(result, key)) (keys ??= []).push(key);
  }
  if (keys === undefined) return undefined;
  const rest: Record<string, unknown> = { ...result };
  const promises: Record<string, Promise<unknown>> = {};
  for (const key of keys) {
    promises[key] = bounded(rest[key] as PromiseLike<unknown>, timeoutMs, key);
    delete rest[key];
  }
  return { keys, promises, rest, timeoutMs };
}

/** The promise, or a rejection once `timeoutMs` have passed without it settling. */
function bounded(promise: PromiseLike<unknown>, timeoutMs: number, key: string): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`props.${key} did not settle within ${timeoutMs} ms`)), timeoutMs);
  });
  const settled = Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer));
  // A rejection is answered where the outcome is read (settle); this keeps it from counting as
  // unhandled in between, which would stop a Node.js server.
  settled.catch(() => undefined);
  return settled;
}

/** A streamed prop's outcome, and the same as JSON, written once while checking the value. */
export interface SettledProp {
  readonly settled: Settled;
  readonly json: string;
}

/**
 * A streamed prop's outcome as it travels: its value checked to be JSON data, or the message of
 * what it failed with (in production a generic one, as an error page shows no message). Never
 * rejects; a failure is logged with its page and prop.
 */
export function settle(promise: Promise<unknown>, key: string, source: string, production: boolean): Promise<SettledProp> {
  return promise.then(
    (value): SettledProp => {
      const checked = checkJsonData(value, `props.${key}`);
      return { settled: { value: checked.plain ? value : JSON.parse(checked.json) }, json: `{"value":${checked.json}}` };
    },
    (error: unknown) => failed(error, key, source, production),
  ).then(undefined, (error: unknown) => failed(error, key, source, production));
}

function failed(error: unknown, key: string, source: string, production: boolean): SettledProp {
  console.error(`[sdk] ${source}: the streamed prop "${key}" failed:`, error);
  const settled = { error: production ? "Internal Server Error" : error instanceof Error ? error.message : String(error) };
  return { settled, json: JSON.stringify(settled) };
}

/**
 * Each streamed prop's outcome, and the promise the page renders with: settled with the value as
 * the browser receives it (read back from JSON), or rejected with the message the browser gets,
 * so the server's render and the browser's agree and no library sends the original error (its
 * stack) along with its own serialized data.
 */
export function settleEach(streamed: StreamedProps, source: string, production: boolean): { outcomes: Promise<SettledProp>[]; promises: Record<string, Promise<unknown>> } {
  const outcomes = streamed.keys.map((key) => settle(streamed.promises[key]!, key, source, production));
  const promises: Record<string, Promise<unknown>> = {};
  streamed.keys.forEach((key, index) => {
    const promise = outcomes[index]!.then(({ settled }) => ("value" in settled ? settled.value : Promise.reject(new Error(settled.error))));
    promise.catch(() => undefined);
    promises[key] = promise;
  });
  return { outcomes, promises };
}

/** Every streamed prop's outcome, once all have settled (none rejects). */
export async function settleAll(streamed: StreamedProps, source: string, production: boolean): Promise<Record<string, Settled>> {
  const outcomes = await Promise.all(streamed.keys.map((key) => settle(streamed.promises[key]!, key, source, production)));
  const settled: Record<string, Settled> = {};
  streamed.keys.forEach((key, index) => (settled[key] = outcomes[index]!.settled));
  return settled;
}
