/**
 * The `sdk` module an app imports. Each `define*` call tags the user's function so the runtime
 * (and a reader) knows what it is; none of them does work at import time.
 */
import type { Context, MiddlewareHandler } from "hono";

export type { Context } from "hono";

/** What a handler may return: a Response as-is, `undefined` for 204, anything else as JSON. */
export type HandlerResult = Response | unknown;

export interface Handler<R = HandlerResult> {
  readonly kind: "handler";
  readonly fn: (c: Context) => R | Promise<R>;
}

export function defineHandler<R = HandlerResult>(fn: (c: Context) => R | Promise<R>): Handler<R> {
  return { kind: "handler", fn };
}

export interface Middleware {
  readonly kind: "middleware";
  readonly fn: MiddlewareHandler;
}

export function defineMiddleware(fn: MiddlewareHandler): Middleware {
  return { kind: "middleware", fn };
}

export interface ScheduledEvent {
  cron: string;
  scheduledTime: number;
}

export interface Scheduled {
  readonly kind: "scheduled";
  readonly fn: (event: ScheduledEvent) => void | Promise<void>;
}

export function defineScheduled(fn: Scheduled["fn"]): Scheduled {
  return { kind: "scheduled", fn };
}

export interface QueueMessage<Body = unknown> {
  id: string;
  body: Body;
  attempts: number;
  ack(): void;
  retry(): void;
}

export interface QueueConsumer<Body = unknown> {
  readonly kind: "queue";
  readonly fn: (batch: { queue: string; messages: QueueMessage<Body>[] }) => void | Promise<void>;
}

export function defineQueue<Body = unknown>(fn: QueueConsumer<Body>["fn"]): QueueConsumer<Body> {
  return { kind: "queue", fn };
}

export interface DurableStateDefinition<State = unknown> {
  readonly kind: "durable-state";
  readonly initial: () => State;
  readonly fetch?: (request: Request, state: { get(): Promise<State>; set(value: State): Promise<void> }) => Response | Promise<Response>;
}

export function defineDurableState<State>(definition: Omit<DurableStateDefinition<State>, "kind">): DurableStateDefinition<State> {
  return { kind: "durable-state", ...definition };
}
