/**
 * What a client sees when app code throws. Production answers never carry the message or stack:
 * they can leak internals. The full error always goes to the server log with its source file.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";

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
