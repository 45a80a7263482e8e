/**
 * The direct path for servers that hand the app a web Request (Bun, Deno, and node's converting
 * listener): a GET whose only match is a plain route runs it as node's listener does
 * (dispatch.ts), without Hono's dispatch, and a JSON value from an untouched context becomes the
 * Response `c.json()` would have made. Hono's dispatch makes a Context with its 15 closures and a
 * `next` for every request, which this skips for the routes that need neither.
 */
import type { HonoBase } from "hono/hono-base";
import type { DirectDispatch, DirectEnv } from "./dispatch.js";

/** The Response for `request`, or null when Hono must dispatch it. */
export type DirectFetch = (request: Request, env: DirectEnv) => Response | Promise<Response> | null;

/** What `c.json()` sends with a value's text. */
const JSON_HEADERS = { "Content-Type": "application/json" };

export function createDirectFetch(app: Pick<HonoBase, "getPath">, direct: DirectDispatch): DirectFetch {
  return (request, env) => {
    if (request.method !== "GET") return null;
    // The path Hono's dispatch would route, decoded as it decodes it.
    const path = app.getPath(request, { env });
    const match = direct.match(path);
    if (match === undefined) return null;
    const answer = direct.run(match, request, path, env);
    return answer instanceof Promise ? answer.then(asResponse) : asResponse(answer);
  };
}

function asResponse(answer: string | Response): Response {
  return typeof answer === "string" ? new Response(answer, { headers: JSON_HEADERS }) : answer;
}
