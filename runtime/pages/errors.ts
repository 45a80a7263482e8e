/**
 * What a browser sees when a page's loader, head(), render or action throws: runtime/errors.ts's
 * rules (HTTPException answers as itself; production shows no message or stack; the error is
 * always logged with its source), as an HTML document rather than JSON.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { renderErrorDocument } from "./document.js";

/** `source` names the code that threw, e.g. `GET pages/blog/[slug].tsx`. */
export function pageErrorResponse(c: Context, error: unknown, source: string, production: boolean): Response {
  if (error instanceof HTTPException) {
    const response = error.getResponse();
    return c.newResponse(response.body, response);
  }
  console.error(`[sdk] ${source} threw:`, error);
  const message = production ? undefined : error instanceof Error ? error.message : String(error);
  return c.html(renderErrorDocument(500, "Internal Server Error", message), 500);
}
