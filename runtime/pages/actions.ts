/**
 * POST on a page: runs its action and answers in one of two ways. The browser router's enhanced
 * submission (ACTION_HEADER) gets an ActionResult as JSON it can read; a plain form post (no
 * JavaScript) gets what a browser can act on: post/redirect/get with 303, or the page itself
 * re-rendered with the errors and status 422.
 */
import type { Context } from "hono";
import { requestErrorResponse } from "../errors.js";
import { defineHandler, type Handler } from "../index.js";
import { selectAction } from "./action-selection.js";
import { ACTION_HEADER } from "./constants.js";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "./cross-site.js";
import { pageErrorResponse } from "./errors.js";
import type { PageRenderer } from "./page-renderer.js";
import { stringifyJsonData } from "./serialize.js";
import type { ActionResult, PageDefinition, ServerModule } from "./types.js";

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const INVALID = 422;

export function createActionHandler(page: PageDefinition, server: ServerModule, renderer: PageRenderer, production: boolean): Handler<Response> {
  const source = `POST ${page.id}`;
  return defineHandler(async (c) => {
    if (isCrossSiteRequest(c.req.raw)) return c.text(CROSS_SITE_MESSAGE, 403);
    const url = new URL(c.req.url);
    const selected = selectAction(server, url.searchParams);
    if ("error" in selected) return c.json({ error: selected.error }, 404);
    const enhanced = c.req.header(ACTION_HEADER) === "1";
    try {
      const result = await selected.handler.fn(c);
      if (enhanced) return await enhancedAnswer(c, result);
      return await formAnswer(c, result, renderer, withoutQueryKey(url, selected.name));
    } catch (error) {
      return await requestErrorResponse(c, error, source, production, enhanced ? undefined : pageErrorResponse);
    }
  });
}

/**
 * JSON the browser router reads with fetch: a redirect becomes `{ status, redirect }` with HTTP
 * 200 (fetch would otherwise follow it), 422 becomes `{ status: 422, errors }`, a value
 * `{ status: 200, data }`, nothing `{ status: 204 }` (the router then reloads the page's data).
 * Any other Response keeps its status and headers with its body as `data` (parsed when JSON): the
 * router falls back to a native post only when an answer is not JSON, and that must never be an
 * action that already ran.
 */
async function enhancedAnswer(c: Context, result: unknown): Promise<Response> {
  if (result instanceof Response) {
    const location = result.headers.get("location");
    if (REDIRECT_STATUSES.has(result.status) && location !== null) return replaceBody(result, { status: result.status, redirect: location }, 200);
    if (result.status === INVALID) return replaceBody(result, { status: INVALID, errors: await readBody(result) }, INVALID);
    const data = await readBody(result);
    return replaceBody(result, { status: result.status, ...(data === undefined ? {} : { data }) }, result.status);
  }
  if (result === undefined) return c.json({ status: 204 } satisfies ActionResult);
  return c.body(`{"status":200,"data":${stringifyJsonData(result, "data")}}`, 200, { "Content-Type": "application/json" });
}

/** A plain form post: the browser must end up on a page it can GET. */
async function formAnswer(c: Context, result: unknown, renderer: PageRenderer, pageUrl: string): Promise<Response> {
  if (result instanceof Response) {
    // 302 after a POST is ambiguous in old clients; 303 always means "GET the Location".
    if (result.status === 302 && result.headers.has("location")) return new Response(result.body, { status: 303, headers: result.headers });
    if (result.status === INVALID) return renderer.document(c, { status: INVALID, errors: await readBody(result) }, INVALID);
    return result;
  }
  return c.redirect(pageUrl, 303);
}

/** The action's own headers (Set-Cookie from a login) stay; the body becomes the ActionResult. */
function replaceBody(response: Response, result: ActionResult, status: number): Response {
  const headers = new Headers(response.headers);
  headers.delete("location");
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(result), { status, headers });
}

/** A body (a 422's errors, another answer's data) as JSON when it parses, else as text; undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Path and query for the redirect after a successful post, without the action selector; other parts keep their encoding. */
function withoutQueryKey(url: URL, key: string | undefined): string {
  if (key === undefined) return url.pathname + url.search;
  const parts = url.search.slice(1).split("&");
  const selector = parts.findIndex((part) => isValuelessKey(part, key));
  if (selector !== -1) parts.splice(selector, 1);
  return url.pathname + (parts.length === 0 ? "" : `?${parts.join("&")}`);
}

/** `key` or `key=`, however the key is encoded: the same test URLSearchParams made when the action was chosen. */
function isValuelessKey(part: string, key: string): boolean {
  return new URLSearchParams(part).get(key) === "";
}
