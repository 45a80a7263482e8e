/**
 * `sdk dev`'s app, timed: the generated app.ts of a dev build calls `timedApp` in place of
 * `createApp` (a production build never imports this module). Each middleware's own time (not
 * counting what runs after its `next()`) and the route handler's time are answered in a standard
 * `Server-Timing` header, as Hono's timing middleware does, which the dev server's request
 * recorder reads for the dashboard's requests tab and a browser's devtools show as they are.
 */
import type { Context, MiddlewareHandler } from "hono";
import { createApp, type AppOptions, type MiddlewareDefinition, type RouteDefinition } from "../app.js";
import type { Handler } from "../index.js";
import { isThenable } from "../thenable.js";

const TIMINGS = "sdk.dev.timings";

interface Timing {
  /** `mw` for a middleware, `route` for the route's handler. */
  metric: "mw" | "route";
  /** The file that ran. */
  file: string;
  ms: number;
}

export function timedApp(options: AppOptions): ReturnType<typeof createApp> {
  return createApp({
    ...options,
    middleware: [{ file: "sdk:timing", middleware: { kind: "middleware", fn: answerTimings } }, ...options.middleware.map(timedMiddleware)],
    routes: options.routes.map(timedRoute),
  });
}

/** Runs first: collects the timings of what runs after it and answers them in Server-Timing. */
const answerTimings: MiddlewareHandler = async (c, next) => {
  const timings: Timing[] = [];
  c.set(TIMINGS as never, timings as never);
  await next();
  // A WebSocket upgrade (101) is answered as it is: a copy would lose its socket.
  if (timings.length === 0 || c.res.status < 200) return;
  const value = serverTiming(timings);
  try {
    c.res.headers.append("Server-Timing", value);
  } catch {
    // A response whose headers cannot change (one fetch() returned): answered as a copy.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append("Server-Timing", value);
  }
};

/** `mw;desc="middleware/auth.ts";dur=1.2, route;desc="routes/api/x.ts";dur=3.4`: each as it ended, so the route comes first and the outermost middleware last. */
export function serverTiming(timings: readonly Timing[]): string {
  return timings.map(({ metric, file, ms }) => `${metric};desc=${quoted(file)};dur=${ms.toFixed(1)}`).join(", ");
}

function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

function record(c: Context, timing: Timing): void {
  (c.get(TIMINGS as never) as Timing[] | undefined)?.push(timing);
}

function timedMiddleware({ file, middleware }: MiddlewareDefinition): MiddlewareDefinition {
  const fn: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    let after = 0;
    try {
      return await middleware.fn(c, async () => {
        const nextStarted = performance.now();
        try {
          await next();
        } finally {
          after += performance.now() - nextStarted;
        }
      });
    } finally {
      record(c, { metric: "mw", file, ms: performance.now() - started - after });
    }
  };
  return { file, middleware: { ...middleware, fn } };
}

function timedRoute(route: RouteDefinition): RouteDefinition {
  const handlers = Object.fromEntries(Object.entries(route.handlers).map(([method, handler]) => [method, timedHandler(handler, route.file)]));
  return { ...route, handlers };
}

function timedHandler(handler: Handler<unknown>, file: string): Handler<unknown> {
  const fn = (c: Context) => {
    const started = performance.now();
    const done = () => record(c, { metric: "route", file, ms: performance.now() - started });
    let result: ReturnType<typeof handler.fn>;
    try {
      result = handler.fn(c);
    } catch (error) {
      done();
      throw error;
    }
    if (!isThenable(result)) return (done(), result);
    return Promise.resolve(result).finally(done);
  };
  return { ...handler, fn } as Handler<unknown>;
}
