/**
 * What a handler's return value is when `fetch` from `sdk/client` resolves: the value after JSON
 * serialization, as pages receive a loader's props (`Serialized`, `InferProps`). Answers that make
 * `fetch` throw (a typed status outside 2xx) are not part of it.
 */
import type { Handler } from "../index.js";
import type { Serialized } from "../pages/serialized.js";

/** The statuses `fetch` resolves with; 3xx never arrive, fetch follows them first. */
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226;
type RedirectStatus = 300 | 301 | 302 | 303 | 304 | 305 | 306 | 307 | 308;

/** Hono's `TypedResponse`, the type `c.json()`, `c.text()` and `c.redirect()` attach to their Response. */
interface TypedAnswer<Data, Status, Format> {
  _data: Data;
  _status: Status;
  _format: Format;
}

/**
 * `c.json(data)` and `c.text(text)` carry their body type, and `c.json(error, 404)` a status that
 * throws. A redirect resolves with wherever it leads and a plain Response with any body, so both
 * are `unknown`.
 */
type ResponseAnswer<R> =
  R extends TypedAnswer<infer Data, infer Status, infer Format>
    ? [Extract<Status, SuccessStatus>] extends [never]
      ? [Extract<Status, RedirectStatus>] extends [never] ? never : unknown
      : Format extends "json" | "text" ? Data : unknown
    : unknown;

/** `undefined` is sent as 204 without a body; any other value as JSON. */
type ValueAnswer<R> = R extends Response ? ResponseAnswer<R> : R extends undefined | void ? undefined : Serialized<R>;

export type HandlerAnswer<H> = H extends Handler<infer Result> ? ValueAnswer<Awaited<Result>> : never;
