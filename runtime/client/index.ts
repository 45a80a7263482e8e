/**
 * `sdk/client`: a typed `fetch` to the app's own routes, for browsers, servers and workers alike
 * (web-standard APIs only).
 *
 *   import { fetch } from "sdk/client";
 *   const user = await fetch("/api/users/:id", { params: { id: "42" } });
 *
 * The path is a route pattern as the route table writes it; `sdk prepare` generates the
 * `Routes` and `RouteParams` below (.sdk/types/client.d.ts), so a call to an unknown path, a
 * method the route file does not export or the wrong parameters does not compile, and the result
 * is the handler's return value as JSON delivers it. A status outside 2xx throws `SdkFetchError`.
 */
import type { HandlerAnswer } from "./answer.js";
import { decodeBody, encodeBody } from "./body.js";
import { SdkFetchError } from "./error.js";
import { fillPattern, queryString, resolveUrl, type ParamValue, type Query } from "./url.js";

export { SdkFetchError } from "./error.js";
export type { HandlerAnswer } from "./answer.js";
export type { ParamValue, Query, QueryValue } from "./url.js";

/**
 * Each route pattern's handlers by method: `{ "/api/users/:id": { GET: typeof GET } }`. Empty
 * here; `sdk prepare` fills it for the app by module augmentation. Declared in this module
 * because an augmentation merges only with the module's own declarations.
 */
export interface Routes {}

/** Each route pattern's `params` option: `{ "/api/users/:id": Params<"id">, "/api/hello": Params<never> }`. */
export interface RouteParams {}

/**
 * The `params` option of a route with these parameter names. Routes with the same names share one
 * instance, so `RouteParams[P]` for a path not yet inferred is a union of a few shapes rather than
 * one per route: that union is what TypeScript checks an options object against while it infers
 * the path, once per call.
 */
export type Params<Names extends string> = [Names] extends [never]
  ? { params?: undefined }
  : { params: { [Name in Names]: ParamValue } };

export type RoutePath = keyof Routes & keyof RouteParams & string;
export type RouteMethod<P extends RoutePath> = keyof Routes[P] & string;

/**
 * The body a successful call resolves with. Every type here looks a route up by its literal path
 * and method; none is a conditional over all routes, so a call costs the same with 10 routes or 1000.
 */
export type RouteAnswer<P extends RoutePath, M extends RouteMethod<P>> = M extends "HEAD" ? undefined : HandlerAnswer<Routes[P][M]>;

export interface RequestOptions {
  /** Becomes the query string; `null` and `undefined` values are left out, an array repeats its key. */
  query?: Query;
  /** Sent as JSON, except a string, Blob, FormData, URLSearchParams, buffer or stream, sent as is. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /**
   * The app's origin (and any path it is mounted under): needed outside a browser, where there is
   * no page to resolve the path against, e.g. `new URL(c.req.url).origin` in a handler.
   */
  baseUrl?: string | URL;
}

/**
 * GET is the default, so a route without a GET handler needs its method named. Asked of the
 * route's handlers as a whole, so a path that is not a route (`P` falls back to every route) needs
 * no method and the error names the path rather than a missing option. The index signature keeps
 * the target from being a weak type, which nothing without a `GET` would match.
 */
type MethodOption<P extends RoutePath, M> = Routes[P] extends { GET?: never; [method: string]: unknown } ? { method: M } : { method?: M };

export type FetchOptions<P extends RoutePath, M extends RouteMethod<P>> = RouteParams[P] & MethodOption<P, M> & RequestOptions;

/** The options may be left out only when nothing in them is required. */
type FetchArgs<P extends RoutePath, M extends RouteMethod<P>> = {} extends FetchOptions<P, M> ? [options?: FetchOptions<P, M>] : [options: FetchOptions<P, M>];

interface UntypedOptions extends RequestOptions {
  method?: string;
  params?: Readonly<Record<string, ParamValue>>;
}

export function fetch<P extends RoutePath, M extends RouteMethod<P> = Extract<RouteMethod<P>, "GET">>(
  path: P,
  ...[options]: FetchArgs<P, M>
): Promise<RouteAnswer<P, M>>;
export async function fetch(path: string, options: UntypedOptions = {}): Promise<unknown> {
  const method = (options.method ?? "GET").toUpperCase();
  const url = resolveUrl(fillPattern(path, options.params) + queryString(options.query), options.baseUrl);
  const headers = new Headers(options.headers);
  const body = encodeBody(options.body, headers);
  // Streaming a request body is allowed only half-duplex, and fetch wants that said.
  const duplex = body instanceof ReadableStream ? { duplex: "half" } : {};
  const response = await globalThis.fetch(url, { method, headers, body, signal: options.signal, ...duplex });
  const answer = await decodeBody(response, method);
  if (!response.ok) throw new SdkFetchError(method, url, response, answer);
  return answer;
}
