/**
 * Values that may or may not be awaited: a handler, a loader or a renderer may answer at once or
 * later. Steps that usually answer at once run without a microtask between them, which on a
 * page request is a few microseconds of promise machinery per step.
 */

export type Awaitable<T> = T | Promise<T>;

/** A Promise, or a lazy query that runs when awaited (Drizzle's): both are awaited before use. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

/** `next(value)` now for a plain value, once it has settled for a thenable. */
export function andThen<T, R>(value: T | PromiseLike<T>, next: (value: T) => Awaitable<R>): Awaitable<R> {
  return isThenable(value) ? Promise.resolve(value).then(next) : next(value);
}
