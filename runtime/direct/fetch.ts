/**
 * The direct path for servers that hand the app a web Request (Bun, Deno, node's converting
 * listener and the edge worker): a GET whose only match is a plain route runs it as node's
 * listener does (dispatch.ts), without Hono's dispatch, and a JSON value or a page's document from
 * an untouched context becomes the Response `c.json()` or `c.html()` would have made. Hono's
 * dispatch makes a Context with its 15 closures and a `next` for every request, which this skips
 * for the routes that need neither.
 */
import type { ExecutionContext } from "hono";
import type { HonoBase } from "hono/hono-base";
import type { FetchApp } from "../server-types.js";
import type { DirectAnswer } from "./answer.js";
import { createDirectDispatch, type DirectDispatch, type DirectEnv } from "./dispatch.js";

/** The Response for `request`, or null when Hono must dispatch it. */
export type DirectFetch = (request: Request, env: DirectEnv, executionCtx?: ExecutionContext) => Response | Promise<Response> | null;

/** What `c.json()` sends with a value's text. */
const JSON_HEADERS = { "Content-Type": "application/json" };

export function createDirectFetch(app: Pick<HonoBase, "getPath">, direct: DirectDispatch): DirectFetch {
  return (request, env, executionCtx) => {
    if (request.method !== "GET") return null;
    // The path Hono's dispatch would route, decoded as it decodes it.
    const path = app.getPath(request, { env });
    const match = direct.match(path);
    if (match === undefined) return null;
    const answer = direct.run(match, request, path, env, executionCtx);
    return answer instanceof Promise ? answer.then(asResponse) : asResponse(answer);
  };
}

/**
 * The app's fetch with plain routes answered directly first, for servers whose assets were
 * answered before it (so the direct path looks for none); the app's own fetch where the app has
 * no router to match with.
 */
export function withDirectPath(app: FetchApp): FetchApp["fetch"] {
  if (app.router === undefined || app.getPath === undefined) return (request, env, executionCtx) => app.fetch(request, env, executionCtx);
  const direct = createDirectFetch({ getPath: app.getPath }, createDirectDispatch({ router: app.router }));
  return (request, env, executionCtx) => direct(request, env as DirectEnv, executionCtx) ?? app.fetch(request, env, executionCtx);
}

function asResponse(answer: DirectAnswer): Response {
  if (typeof answer === "string") return new Response(answer, { headers: JSON_HEADERS });
  return answer instanceof Response ? answer : answer.toResponse();
}
