/**
 * The `sdk` module an app imports. Each `define*` call tags the user's function so the runtime
 * (and a reader) knows what it is; none of them does work at import time.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Handler, HandlerResult } from "./handler.js";
import type { HeadFunction } from "./pages/types.js";
import type { Serialized } from "./pages/serialized.js";
import type { InboundEmail } from "./email/inbound.js";

export type { Context } from "hono";
export type { Handler, HandlerResult } from "./handler.js";
export type { HeadDescriptor, HeadFunction } from "./pages/types.js";
export type { Serialized } from "./pages/serialized.js";
export type { EmailAttachment, EmailReply, InboundEmail } from "./email/inbound.js";

export function defineHandler<R = HandlerResult>(fn: (c: Context) => R | Promise<R>): Handler<R> {
  return { kind: "handler", fn };
}

/**
 * A page's props as its loader sends them: the loader's value after JSON serialization (a Date
 * arrives as a string, functions and undefined properties not at all). A Response the loader may
 * return instead (a redirect) never becomes props, so it is not part of them.
 */
export type InferProps<Loader> = Loader extends Handler<infer Result> ? Serialized<Exclude<Awaited<Result>, Response>> : never;

/** A page's `head` export: the document head for the request and the page's props. */
export function defineHead<Props = unknown>(fn: HeadFunction<Props>["fn"]): HeadFunction<Props> {
  return { kind: "head", fn };
}

export interface Middleware {
  readonly kind: "middleware";
  readonly fn: MiddlewareHandler;
}

export function defineMiddleware(fn: MiddlewareHandler): Middleware {
  return { kind: "middleware", fn };
}

/** What a cron handler receives: Cloudflare's ScheduledController, with the env and `waitUntil` beside it. */
export interface ScheduledEvent {
  /** The expression that fired, as the cron file exports it. */
  cron: string;
  /** When the run was due, in milliseconds since the epoch. */
  scheduledTime: number;
  /** On the edge: a failed run of this event is not retried. Elsewhere nothing retries. */
  noRetry(): void;
  /** The edge worker's bindings and vars; `process.env` on node, bun and deno. */
  env: Record<string, unknown>;
  /** Keeps the run going until the promise settles, after the handler has returned. */
  waitUntil(promise: Promise<unknown>): void;
}

export interface Scheduled {
  readonly kind: "scheduled";
  readonly fn: (event: ScheduledEvent) => void | Promise<void>;
}

export function defineScheduled(fn: Scheduled["fn"]): Scheduled {
  return { kind: "scheduled", fn };
}

/** One message of a batch: Cloudflare's `Message`. */
export interface QueueMessage<Body = unknown> {
  readonly id: string;
  /** When the message was sent. */
  readonly timestamp: Date;
  readonly body: Body;
  /** Deliveries so far, this one included: 1 on the first. */
  readonly attempts: number;
  /** Done with: never delivered again, even when the handler throws afterwards. */
  ack(): void;
  /** Delivered again in a later batch (after `delaySeconds`), up to the queue's `maxRetries`. */
  retry(options?: QueueRetryOptions): void;
}

export interface QueueRetryOptions {
  delaySeconds?: number;
}

/**
 * What a `queues/` handler receives: Cloudflare's `MessageBatch`, with the env and `waitUntil`
 * beside it. A message neither acked nor retried counts as done when the handler returns; when it
 * throws, every message not acked is retried.
 */
export interface QueueBatch<Body = unknown> {
  /** The queue's name as the app knows it: the file name (`emails` for `queues/emails.ts`). */
  readonly queue: string;
  readonly messages: readonly QueueMessage<Body>[];
  ackAll(): void;
  retryAll(options?: QueueRetryOptions): void;
  /** The worker's bindings and vars. */
  readonly env: Record<string, unknown>;
  /** Keeps the worker alive until the promise settles, after the handler has returned. */
  waitUntil(promise: Promise<unknown>): void;
}

export interface QueueConsumer<Body = unknown> {
  readonly kind: "queue";
  readonly fn: (batch: QueueBatch<Body>) => void | Promise<void>;
}

export function defineQueue<Body = unknown>(fn: QueueConsumer<Body>["fn"]): QueueConsumer<Body> {
  return { kind: "queue", fn };
}

/** An `email/` file's handler: it gets each message for its address (see InboundEmail). */
export interface EmailHandler {
  readonly kind: "email";
  readonly fn: (message: InboundEmail) => void | Promise<void>;
}

export function defineEmail(fn: EmailHandler["fn"]): EmailHandler {
  return { kind: "email", fn };
}

export {
  defineDurableState,
  type DurableMethod,
  type DurableStateContext,
  type DurableStateDefinition,
  type DurableStateOptions,
  type DurableStateStub,
  type DurableStorage,
} from "./durable-state/definition.js";

export {
  defineEnv,
  env,
  type EnvDefinition,
  type EnvField,
  type EnvKind,
  type EnvValues,
  type PublicEnvOf,
  type ServerEnvOf,
} from "./env/define.js";
