/**
 * Builds the app's Hono instance from the generated route and middleware tables. This is the
 * only place that decides how a handler's return value becomes a Response and how errors,
 * unknown paths and unsupported methods are answered, so every target behaves the same.
 */
// HonoBase, not Hono: the app brings its own router, so Hono's default routers stay out of the bundle.
import { HonoBase as Hono } from "hono/hono-base";
import type { Context, MiddlewareHandler, NotFoundHandler } from "hono";
import { createAllowedMethodsLookup } from "./allowed-methods.js";
import { errorResponse, requestErrorResponse } from "./errors.js";
import type { Handler, Middleware } from "./index.js";
import { markDirect, type DirectRoute } from "./direct/routes.js";
import { SegmentTrieRouter } from "./router/router.js";
import { andThen, isThenable, type Awaitable } from "./thenable.js";
import { UNMATCHED_HEADER } from "./unmatched.js";

export interface RouteDefinition {
  /** Hono pattern, e.g. `/api/users/:id` or `/api/files/:slug{.+}`. */
  readonly pattern: string;
  /** The route's source file relative to the project root, for error messages and logs. */
  readonly file: string;
  /** The file's exports by uppercase method name, each a `defineHandler()` result. */
  readonly handlers: Readonly<Record<string, Handler<unknown>>>;
  /**
   * What the direct path runs in place of the GET handler (DirectRoute.answer): a page's document,
   * or its data URL's JSON text.
   * The direct path answers GET only, so no other method's registration is ever run with it.
   */
  readonly directAnswer?: DirectRoute["answer"];
}

export interface MiddlewareDefinition {
  readonly file: string;
  /** The file's default export, a `defineMiddleware()` result. */
  readonly middleware: Middleware;
}

export interface AppOptions {
  /** Most specific first: Hono tries routes in registration order. */
  readonly routes: readonly RouteDefinition[];
  /** In the order they run. */
  readonly middleware: readonly MiddlewareDefinition[];
  /** Hides error messages and stacks from responses. */
  readonly production: boolean;
  /** Marks the app's own "no route" 404, for routing rules that answer those paths (fallbacks, notFound). */
  readonly markUnmatched?: boolean;
  /**
   * `pages/404.tsx` (runtime/pages/routes.ts): the 404 a browser loading a page gets, or
   * undefined for other requests, which keep the JSON 404.
   */
  readonly notFoundPage?: (c: Context) => Awaitable<Response> | undefined;
  /** Defaults to SegmentTrieRouter; tests pass Hono's routers to compare. */
  readonly router?: NonNullable<ConstructorParameters<typeof Hono>[0]>["router"];
}

const NOT_FOUND = { error: "Not Found" };
const UNMATCHED = { [UNMATCHED_HEADER]: "1" };

/** A route's handler as Hono runs it: a Response, or a promise of one. */
type RouteHandler = (c: Context) => Response | Promise<Response>;

/** How the error a route or middleware threw is answered; `source` names the code that threw. */
type ErrorAnswer = (c: Context, error: unknown, source: string, production: boolean) => Response | Promise<Response>;

/** An ErrorAnswer with the app's `production` given. */
type OnError = (c: Context, error: unknown, source: string) => Response | Promise<Response>;

export function createApp(options: AppOptions): Hono {
  return assembleApp(options, requestErrorResponse);
}

/**
 * createApp for an app none of whose code is ever handed a request body: GET and HEAD handlers
 * only, no middleware, no pages. Such an app cannot meet a malformed body, so it does without
 * telling one from its own errors (runtime/request/malformed-body.ts), which every edge worker
 * would otherwise carry. A GET route on the direct path answers its errors this way on every app.
 */
export function createAppWithoutBodies(options: AppOptions): Hono {
  return assembleApp(options, errorResponse);
}

function assembleApp(options: AppOptions, answerError: ErrorAnswer): Hono {
  const { production } = options;
  const onError: OnError = (c, error, source) => answerError(c, error, source, production);
  const app = new Hono({ router: options.router ?? new SegmentTrieRouter() });
  for (const { file, middleware } of options.middleware) {
    assertDefined(middleware, "middleware", "defineMiddleware", file, "default");
    app.use("*", guardMiddleware(middleware.fn, file, onError));
  }
  const notFound = createNotFound(options);
  for (const route of options.routes) registerRoute(app, route, production, onError, notFound);
  app.notFound(notFound);
  return app;
}

/**
 * The app's answer when no route does, and what `c.notFound()` gives: a 405 naming the allowed
 * methods where the path has routes, the 404 page for a browser, else the JSON 404.
 */
function createNotFound(options: AppOptions): NotFoundHandler {
  const allowedMethods = createAllowedMethodsLookup(
    options.routes.map((route) => ({ pattern: route.pattern, methods: Object.keys(route.handlers) })),
  );
  const { notFoundPage, markUnmatched } = options;
  return (c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      return c.json({ error: "Method Not Allowed" }, 405, { Allow: allowed.join(", ") });
    }
    const page = notFoundPage?.(c);
    if (page !== undefined) return markUnmatched ? andThen(page, markedUnmatched) : page;
    return markUnmatched ? c.json(NOT_FOUND, 404, UNMATCHED) : c.json(NOT_FOUND, 404);
  };
}

function markedUnmatched(response: Response): Response {
  response.headers.set(UNMATCHED_HEADER, "1");
  return response;
}

function registerRoute(app: Hono, route: RouteDefinition, production: boolean, onError: OnError, notFound: NotFoundHandler): void {
  const { GET: get, HEAD: head } = route.handlers;
  for (const [method, handler] of Object.entries(route.handlers)) {
    assertDefined(handler, "handler", "defineHandler", route.file, method);
    if (method === "HEAD") continue;
    if (method === "GET" && head !== undefined) continue;
    const source = `${method} ${route.file}`;
    const guarded = guardHandler(handler, source, onError);
    markDirect(guarded, { fn: handler.fn, answer: route.directAnswer, source, production, notFound });
    app.on(method, route.pattern, guarded);
  }
  if (head !== undefined) {
    app.on("GET", route.pattern, headAwareHandler(route.file, head, get, onError));
  }
}

/**
 * Hono answers every HEAD request by running the GET route and dropping the body, so an exported
 * HEAD handler is reachable only from the GET registration. A HEAD-only route passes GET on,
 * which ends in a 405.
 */
function headAwareHandler(file: string, head: Handler<unknown>, get: Handler<unknown> | undefined, onError: OnError): MiddlewareHandler {
  const onHead = guardHandler(head, `HEAD ${file}`, onError);
  const onGet = get === undefined ? undefined : guardHandler(get, `GET ${file}`, onError);
  return async (c, next) => {
    if (c.req.method === "HEAD") return onHead(c);
    return onGet === undefined ? next() : onGet(c);
  };
}

/** A handler that returns synchronously is answered synchronously: no promise per request, as in plain Hono. */
function guardHandler(handler: Handler<unknown>, source: string, answerError: OnError): RouteHandler {
  const fn = handler.fn;
  const onError = (c: Context, error: unknown) => answerError(c, error, source);
  const answer = (c: Context, value: unknown) => {
    try {
      return toResponse(c, value);
    } catch (error) {
      return onError(c, error);
    }
  };
  return (c) => {
    try {
      const result = fn(c);
      if (isThenable(result)) return Promise.resolve(result).then((value) => answer(c, value), (error: unknown) => onError(c, error));
      return toResponse(c, result);
    } catch (error) {
      return onError(c, error);
    }
  };
}

function guardMiddleware(fn: MiddlewareHandler, file: string, onError: OnError): MiddlewareHandler {
  return async (c, next) => {
    try {
      return await fn(c, next);
    } catch (error) {
      return await onError(c, error, file);
    }
  };
}

function toResponse(c: Context, result: unknown): Response {
  if (result instanceof Response) return result;
  if (result === undefined) return c.body(null, 204);
  return c.json(result);
}

/** The compiler reports these too; this guards hand-written or ejected tables, and dev's lazily loaded routes. */
export function assertDefined(
  value: unknown,
  kind: "handler" | "middleware",
  definer: string,
  file: string,
  exportName: string,
): void {
  const candidate = value as { kind?: unknown; fn?: unknown } | null | undefined;
  if (typeof candidate === "object" && candidate !== null && candidate.kind === kind && typeof candidate.fn === "function") return;
  const name = exportName === "default" ? "the default export" : `export "${exportName}"`;
  throw new TypeError(
    `${file}: ${name} is not a ${definer}() result (got ${describe(value)}). ` +
      `Wrap it: ${exportName === "default" ? "export default" : `export const ${exportName} =`} ${definer}(...)`,
  );
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "function") return "a plain function";
  if (typeof value === "object") return "an object without kind and fn";
  return typeof value;
}
