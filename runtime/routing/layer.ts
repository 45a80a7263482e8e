/**
 * The routing layer every target runs in front of its assets and app, so the answers are the
 * same on node, bun, deno and the edge: redirects, then rewrites, then assets and routes (ISR
 * around the app), then fallbacks and the not-found policy for paths nothing matched; the
 * `headers` rules apply to every response.
 */
import type { CompiledRouting } from "./compile.js";
import { headersFor, withHeaders } from "./headers.js";
import { nearestNotFoundPage } from "./not-found.js";
import { redirectFor } from "./redirects.js";
import { rewriteFor } from "./rewrites.js";
import { clearUnmatched, isUnmatched } from "../unmatched.js";

type MaybeAsync<T> = T | Promise<T>;

/**
 * Where answers come from, built once by a target. `context` is whatever the target passes
 * along with each request (node's bindings, the edge's env and execution context).
 */
export interface Origin<Context> {
  /** The static asset this request names, or null when there is none. */
  asset(request: Request, context: Context): MaybeAsync<Response> | null;
  /** The asset at a URL path (`/index.html`), whatever the request asked for, or null. */
  assetAt(path: string, request: Request, context: Context): MaybeAsync<Response> | null;
  /** The app: middleware and routes, with ISR around it when configured. */
  app(request: Request, context: Context): MaybeAsync<Response>;
}

export type RoutingLayer<Context> = (request: Request, context: Context) => MaybeAsync<Response>;

function withStatus(response: Response, status: number): Response {
  return response.status === status ? response : new Response(response.body, { status, headers: response.headers });
}

export function createRoutingLayer<Context>(routing: CompiledRouting, origin: Origin<Context>): RoutingLayer<Context> {
  const serve = (request: Request, context: Context) => origin.asset(request, context) ?? origin.app(request, context);

  async function notFoundAnswer(request: Request, context: Context): Promise<Response | null> {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    if (routing.notFound === "single-page-application") {
      const page = await origin.assetAt("/index.html", request, context);
      return page && withStatus(page, 200);
    }
    if (routing.notFound === "404-page") {
      const path = nearestNotFoundPage(routing.notFoundPages, new URL(request.url).pathname);
      const page = path === null ? null : await origin.assetAt(path, request, context);
      return page && withStatus(page, 404);
    }
    return null;
  }

  async function route(request: Request, url: URL, context: Context): Promise<Response> {
    const redirect = redirectFor(routing.redirects, url);
    if (redirect) return redirect;
    const rewritten = rewriteFor(routing.rewrites, url);
    const target = rewritten ? new Request(rewritten, request) : request;
    const response = await serve(target, context);
    if (!isUnmatched(response)) return response;
    const fallback = rewriteFor(routing.fallbacks, new URL(target.url));
    if (fallback) {
      const answer = await serve(new Request(fallback, request), context);
      if (!isUnmatched(answer)) return answer;
    }
    return (await notFoundAnswer(target, context)) ?? response;
  }

  return async (request, context) => {
    const url = new URL(request.url);
    const response = clearUnmatched(await route(request, url, context));
    return withHeaders(response, headersFor(routing.headers, url.pathname));
  };
}
