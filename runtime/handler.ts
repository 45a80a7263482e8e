/**
 * The shape `defineHandler` returns, in a module of its own so the pages core can name it without
 * importing the whole `sdk` entry (which imports the pages core's types back).
 */
import type { Context } from "hono";

/** What a handler may return: a Response as-is, `undefined` for 204, anything else as JSON. */
export type HandlerResult = Response | unknown;

export interface Handler<R = HandlerResult> {
  readonly kind: "handler";
  readonly fn: (c: Context) => R | Promise<R>;
}
