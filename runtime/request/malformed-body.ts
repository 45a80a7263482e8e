/**
 * A request body the client sent malformed is the client's mistake: a 400, not the app's 500.
 * Hono keeps the promise of each body it read in `c.req.bodyCache`, which tells where an error
 * came from: `c.req.json()` parses the cached text, so the SyntaxError it threw is the one that
 * parsing that same text throws again; `c.req.formData()` caches the runtime's promise, which
 * rejected with the error itself (a TypeError, or an Error on Bun).
 */
import type { Context } from "hono";

type CachedBodies = Partial<Record<"text" | "formData", Promise<unknown>>>;

/** The 400 when `error` came from parsing the request's body, else undefined; undefined at once for any other error. */
export function malformedBodyResponse(c: Context, error: unknown): Promise<Response | undefined> | undefined {
  if (!(error instanceof Error)) return undefined;
  const cached = c.req.bodyCache as CachedBodies;
  if (error instanceof SyntaxError && cached.text !== undefined) {
    return cached.text.then(
      (text) => (parseError(text) === error.message ? c.json({ error: "Malformed JSON in request body" }, 400) : undefined),
      () => undefined,
    );
  }
  // Not only a TypeError: Bun's server throws a plain Error for a form it cannot parse.
  if (cached.formData !== undefined) {
    return cached.formData.then(
      () => undefined,
      (reason: unknown) => (reason === error ? c.json({ error: "Malformed form data in request body" }, 400) : undefined),
    );
  }
  return undefined;
}

function parseError(text: unknown): string | undefined {
  try {
    JSON.parse(String(text));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
