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
import { StreamedPropError } from "./render-errors.js";
import { checkJsonData } from "./serialize.js";
import type { Settled } from "./types.js";

export interface StreamedProps {
  /** The names of the props that were promises, in the loader's order. */
  readonly keys: readonly string[];
  /**
   * What the page renders with, one per key: settled with the value as the browser reads it back,
   * or rejected with the message the browser gets, so the server's render and the browser's agree
   * and no library sends the original error (its stack) along with its own serialized data.
   */
  readonly promises: Readonly<Record<string, Promise<unknown>>>;
  /** Each prop's outcome as it travels, in the keys' order; none rejects. */
  readonly outcomes: readonly Promise<SettledProp>[];
  /** The other props, which the document carries at once. */
  readonly rest: Record<string, unknown>;
  /** How long each promise may take. */
  readonly timeoutMs: number;
}

/** Where a page's streamed props come from: its timeout, and what names it in the log. */
export interface StreamContext {
  readonly timeoutMs: number;
  /** Names the page in what is logged, e.g. `GET pages/post.tsx`. */
  readonly source: string;
  /** In production a failure's message stays in the log; the browser gets a generic one. */
  readonly production: boolean;
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
 * answered by one pass over the top-level keys. Each prop is settled from here on, once, by its
 * promise or by the page's timeout: one timer for the page, cleared when the last prop settles.
 * A failure is logged as it happens, whoever reads it.
 */
export function findStreamedProps(result: unknown, context: StreamContext): StreamedProps | undefined {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return undefined;
  let keys: string[] | undefined;
  for (const key in result) {
    if (isThenable((result as Record<string, unknown>)[key]) && Object.hasOwn(result, key)) (keys ??= []).push(key);
  }
  if (keys === undefined) return undefined;
  const rest: Record<string, unknown> = { ...result };
  const props: StreamedProp[] = [];
  let unsettled = keys.length;
  const timer = setTimeout(() => {
    for (const prop of props) prop.fail(new Error(`props.${prop.key} did not settle within ${context.timeoutMs} ms`));
  }, context.timeoutMs);
  const onSettled = () => {
    if (--unsettled === 0) clearTimeout(timer);
  };
  for (const key of keys) {
    const prop = new StreamedProp(key, context, onSettled);
    prop.settleWith(rest[key] as PromiseLike<unknown>);
    delete rest[key];
    props.push(prop);
  }
  const promises: Record<string, Promise<unknown>> = {};
  for (const prop of props) promises[prop.key] = prop.rendered;
  return { keys, promises, outcomes: props.map((prop) => prop.outcome), rest, timeoutMs: context.timeoutMs };
}

/** A streamed prop's outcome, and the same as JSON, written once while checking the value. */
export interface SettledProp {
  readonly settled: Settled;
  readonly json: string;
}

/**
 * One streamed prop, settled by whichever comes first of its promise and the page's timeout: its
 * value checked to be JSON data, or the message of what it failed with (in production a generic
 * one, as an error page shows no message).
 */
class StreamedProp {
  readonly outcome: Promise<SettledProp>;
  readonly rendered: Promise<unknown>;
  #settle!: (outcome: SettledProp) => void;
  #resolve!: (value: unknown) => void;
  #reject!: (error: StreamedPropError) => void;
  #settled = false;

  constructor(
    readonly key: string,
    private readonly context: StreamContext,
    private readonly onSettled: () => void,
  ) {
    this.outcome = new Promise((resolve) => (this.#settle = resolve));
    this.rendered = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // A rejection is the page's to render (or not): it must not count as unhandled in between,
    // which would stop a Node.js server.
    this.rendered.catch(() => undefined);
  }

  settleWith(promise: PromiseLike<unknown>): void {
    Promise.resolve(promise).then(
      (value) => this.succeed(value),
      (error: unknown) => this.fail(error),
    );
  }

  succeed(value: unknown): void {
    if (this.#settled) return;
    let checked;
    try {
      checked = checkJsonData(value, `props.${this.key}`);
    } catch (error) {
      return this.fail(error);
    }
    const settled = { value: checked.plain ? value : JSON.parse(checked.json) };
    this.#finish({ settled, json: `{"value":${checked.json}}` });
    this.#resolve(settled.value);
  }

  fail(error: unknown): void {
    if (this.#settled) return;
    const { source, production } = this.context;
    console.error(`[sdk] ${source}: the streamed prop "${this.key}" failed:`, error);
    const settled = { error: production ? "Internal Server Error" : error instanceof Error ? error.message : String(error) };
    this.#finish({ settled, json: JSON.stringify(settled) });
    this.#reject(new StreamedPropError(settled.error));
  }

  #finish(outcome: SettledProp): void {
    this.#settled = true;
    this.#settle(outcome);
    this.onSettled();
  }
}

/** Every streamed prop's outcome, once all have settled (none rejects). */
export async function settleAll(streamed: StreamedProps): Promise<Record<string, Settled>> {
  const outcomes = await Promise.all(streamed.outcomes);
  const settled: Record<string, Settled> = {};
  streamed.keys.forEach((key, index) => (settled[key] = outcomes[index]!.settled));
  return settled;
}
