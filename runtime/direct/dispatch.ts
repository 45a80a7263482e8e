/**
 * Answers a GET request without Hono's dispatch when the route table allows it: the request's
 * only match is one plain route handler (no middleware, no HEAD pairing), as in an app without
 * middleware. The route's function runs with Hono's Context API (context.ts: the real Context,
 * made only if the handler needs more than its request); a JSON value returned from an
 * untouched context comes back as its text, and a page's document as it is, for the server to
 * write without building a Response. Anything else comes back as the Response the app would have
 * given. Web-standard: the server adapter supplies the request object and writes the answer.
 */
import type { ExecutionContext } from "hono";
import type { HonoBase } from "hono/hono-base";
import { errorResponse } from "../errors.js";
import { isThenable } from "../thenable.js";
import { DirectContext, type ContextOptions } from "./context.js";
import type { DirectAnswer } from "./answer.js";
import { directRouteOf, type DirectRoute } from "./routes.js";

type MatchResult = NonNullable<ContextOptions["matchResult"]>;

/** What the runtime passes beside the request, which handlers read as `c.env`. */
export type DirectEnv = ContextOptions["env"];

export interface DirectMatch {
  readonly route: DirectRoute;
  readonly result: MatchResult;
}

export interface DirectDispatch {
  /** The route a GET for `path` (raw, no query) runs directly, or undefined when Hono must dispatch it. */
  match(path: string): DirectMatch | undefined;
  /** Runs the matched route; `env` is what the runtime passes as `c.env`, `executionCtx` the worker's context. */
  run(match: DirectMatch, request: Request, path: string, env: DirectEnv, executionCtx?: ExecutionContext): DirectAnswer | Promise<DirectAnswer>;
}

/**
 * `isAsset` is for a server that looks for a route before its static files (node's listener,
 * static/lookup.ts createAssetTest): a file's path is then the asset layer's. The others answer
 * assets first and pass none, which keeps the asset index out of the edge worker's bundle.
 */
export function createDirectDispatch(app: Pick<HonoBase, "router">, isAsset: ((path: string) => boolean) | null = null): DirectDispatch {
  return {
    match(path) {
      if (isAsset !== null && isAsset(path)) return undefined;
      const result: MatchResult = app.router.match("GET", path);
      const handlers = result[0];
      if (handlers.length !== 1) return undefined;
      const route = directRouteOf(handlers[0][0][0]);
      return route === undefined ? undefined : { route, result };
    },
    run({ route, result }, request, path, env, executionCtx) {
      const c = new DirectContext(request, { path, matchResult: result, env, executionCtx, notFoundHandler: route.notFound });
      return runRoute(route, c);
    },
  };
}

/** As runtime/app.ts's guard runs a handler, answering with the value's text where it may. */
function runRoute(route: DirectRoute, c: DirectContext): DirectAnswer | Promise<DirectAnswer> {
  try {
    // A route that answers itself (a page) settles its own errors; only a fault of its own throws here.
    if (route.answer !== undefined) return route.answer(c.asContext(), () => c.touched);
    const result = route.fn(c.asContext());
    if (isThenable(result)) return Promise.resolve(result).then((value) => answer(route, c, value), (error: unknown) => failed(route, c, error));
    return answer(route, c, result);
  } catch (error) {
    return failed(route, c, error);
  }
}

function answer(route: DirectRoute, c: DirectContext, value: unknown): DirectAnswer {
  if (value === undefined) return c.hono().body(null, 204);
  // A plain object or array is never a Response; asking `instanceof` only of other values keeps
  // Node 20 from loading its fetch implementation for a server that never needs it.
  if (!isPlainData(value) && value instanceof Response) return value;
  try {
    if (c.touched) return c.hono().json(value);
    // JSON.stringify gives undefined for a function or a symbol; c.json answers those as Hono does.
    const text = JSON.stringify(value);
    return text === undefined ? c.hono().json(value) : text;
  } catch (error) {
    return failed(route, c, error);
  }
}

/** What the app answers for a route that threw: the same Context, with what the handler set on it. */
function failed(route: DirectRoute, c: DirectContext, error: unknown): Response {
  return errorResponse(c.hono(), error, route.source, route.production);
}

function isPlainData(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Array.isArray(value);
}
