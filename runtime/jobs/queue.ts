/**
 * Batches for the app's `queues/`, the worker's `queue` export. The platform names the queue a
 * batch comes from by its deployed name; the table maps it to the file that consumes it. The
 * semantics are Cloudflare's documented ones, kept here rather than left to the runtime because
 * workerd's local broker retries the whole batch when a handler throws, acked messages too: a
 * message acked is done; when the handler throws, every message not acked is retried; a message
 * left alone by a handler that returns is done.
 */
import type { QueueBatch, QueueConsumer, QueueMessage, QueueRetryOptions } from "../index.js";

export interface QueueDefinition {
  /** The queue file, relative to the project root, for logs. */
  readonly file: string;
  /** The name the app knows the queue by: the file name. */
  readonly queue: string;
  /** The name wrangler.json gives the queue on the platform. */
  readonly deployedAs: string;
  /** The file's default export, a `defineQueue()` result. */
  readonly handler: QueueConsumer<unknown>;
}

/** What the platform hands a worker's `queue` export (Cloudflare's MessageBatch). */
export interface PlatformBatch {
  readonly queue: string;
  readonly messages: readonly QueueMessage<unknown>[];
  ackAll(): void;
  retryAll(options?: QueueRetryOptions): void;
}

export interface QueueContext {
  waitUntil(promise: Promise<unknown>): void;
}

export interface QueueOutcome {
  /** The consuming file; null for a batch of a queue no file consumes. */
  readonly file: string | null;
  readonly acked: readonly string[];
  readonly retried: readonly string[];
  /** The handler's error message, when it threw. */
  readonly error?: string;
}

export type QueueDispatch = (batch: PlatformBatch, env?: Record<string, unknown>, ctx?: QueueContext) => Promise<QueueOutcome>;

type Decision = "ack" | "retry";

export function createQueueDispatch(queues: readonly QueueDefinition[]): QueueDispatch {
  for (const { file, handler } of queues) assertQueueConsumer(file, handler);
  const byDeployedName = new Map(queues.map((definition) => [definition.deployedAs, definition]));
  return async (batch, env = {}, ctx) => {
    const definition = byDeployedName.get(batch.queue);
    if (!definition) {
      console.error(`[sdk] a batch came from queue "${batch.queue}", which no file in queues/ consumes: its messages are retried`);
      batch.retryAll();
      return { file: null, acked: [], retried: batch.messages.map((message) => message.id) };
    }
    const decisions = new Map<QueueMessage<unknown>, Decision>();
    const decide = (message: QueueMessage<unknown>, decision: Decision, options?: QueueRetryOptions) => {
      if (decisions.has(message)) return;
      decisions.set(message, decision);
      if (decision === "ack") message.ack();
      else message.retry(options);
    };
    const messages = batch.messages.map((message) => tracked(message, decide));
    const view: QueueBatch<unknown> = {
      queue: definition.queue,
      messages,
      ackAll: () => batch.messages.forEach((message) => decide(message, "ack")),
      retryAll: (options) => batch.messages.forEach((message) => decide(message, "retry", options)),
      env,
      waitUntil: (promise) => (ctx ? ctx.waitUntil(promise) : void promise.catch((reason) => console.error(`[sdk] work ${definition.file} passed to waitUntil failed:`, reason))),
    };
    let error: string | undefined;
    try {
      await definition.handler.fn(view);
      batch.messages.forEach((message) => decide(message, "ack"));
    } catch (reason) {
      console.error(`[sdk] queue ${definition.file} threw; the messages it did not ack are retried:`, reason);
      error = reason instanceof Error ? reason.message : String(reason);
      batch.messages.forEach((message) => decide(message, "retry"));
    }
    const ids = (wanted: Decision) => batch.messages.filter((message) => decisions.get(message) === wanted).map((message) => message.id);
    return { file: definition.file, acked: ids("ack"), retried: ids("retry"), ...(error !== undefined && { error }) };
  };
}

/** The message the handler sees: the platform's, with its decisions recorded (the first one counts). */
function tracked(message: QueueMessage<unknown>, decide: (message: QueueMessage<unknown>, decision: Decision, options?: QueueRetryOptions) => void): QueueMessage<unknown> {
  return {
    id: message.id,
    timestamp: message.timestamp,
    body: message.body,
    attempts: message.attempts,
    ack: () => decide(message, "ack"),
    retry: (options) => decide(message, "retry", options),
  };
}

/** The compiler reports these too; this guards hand-written or ejected tables. */
function assertQueueConsumer(file: string, handler: unknown): void {
  const candidate = handler as { kind?: unknown; fn?: unknown } | null | undefined;
  if (typeof candidate === "object" && candidate !== null && candidate.kind === "queue" && typeof candidate.fn === "function") return;
  throw new TypeError(`${file}: the default export is not a defineQueue() result. Wrap it: export default defineQueue(...)`);
}
