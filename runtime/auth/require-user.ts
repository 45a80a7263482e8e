/**
 * `requireUser(c)`: the signed-in user, or the request ends here. An API client gets 401
 * `{"error":"Unauthorized"}`; a browser asking for a page is redirected to the sign-in page with
 * `?next=<path>`, so it can come back.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { User } from "better-auth";
import { DEFAULT_SIGN_IN_PATH, resolveAuthOptions } from "./options.js";
import { authSettings } from "./registry.js";

export interface RequireUserOptions {
  /** The sign-in page for this call; `signInPath` of auth.ts, else `/sign-in`. */
  redirectTo?: string;
}

export function requireUser(c: Context, options: RequireUserOptions = {}): User {
  const user = c.get("user");
  if (user) return user;
  if (!wantsPage(c)) throw new HTTPException(401, { res: Response.json({ error: "Unauthorized" }, { status: 401 }) });
  const signIn = options.redirectTo ?? resolveAuthOptions(authSettings().options).signInPath ?? DEFAULT_SIGN_IN_PATH;
  const url = new URL(c.req.url);
  const location = `${signIn}?next=${encodeURIComponent(url.pathname + url.search)}`;
  throw new HTTPException(302, { res: new Response(null, { status: 302, headers: { location } }) });
}

/** A browser loading a page (GET or HEAD accepting HTML), not fetch() or a page's data request. */
function wantsPage(c: Context): boolean {
  return (c.req.method === "GET" || c.req.method === "HEAD") && (c.req.header("accept") ?? "").includes("text/html");
}
