/**
 * What a client sees when app code throws. Production answers never carry the message or stack:
 * they can leak internals. The full error always goes to the server log with its source file.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { malformedBodyResponse } from "./request/malformed-body.js";

/** `source` names the code that threw, e.g. `GET routes/api/users/[id].ts`. */
export function errorResponse(c: Context, error: unknown, source: string, production: boolean): Response {
  if (error instanceof HTTPException) {
    const response = error.getResponse();
    return c.newResponse(response.body, response);
  }
  console.error(`[sdk] ${source} threw:`, error);
  if (production) return c.json({ error: "Internal Server Error" }, 500);
  if (error instanceof Error) return c.json({ error: error.message, stack: error.stack }, 500);
  return c.json({ error: String(error) }, 500);
}

/**
 * For code that may read the request's body (a route, a middleware, a page's action): a body the
 * client sent malformed answers 400 (runtime/request/malformed-body.ts); any other error what
 * `otherwise` gives, errorResponse by default. Synchronous unless the request's body was read.
 */
export function requestErrorResponse(
  c: Context,
  error: unknown,
  source: string,
  production: boolean,
  otherwise: typeof errorResponse = errorResponse,
): Response | Promise<Response> {
  const malformed = malformedBodyResponse(c, error);
  if (malformed === undefined) return otherwise(c, error, source, production);
  return malformed.then((response) => response ?? otherwise(c, error, source, production));
}
