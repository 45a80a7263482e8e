/**
 * What the generated app adds for auth: the session middleware, first in the chain, which puts
 * `user` and `session` on the context (null when signed out), and the route that hands
 * `/api/auth/*` to better-auth, tried before the app's own routes.
 */
import type { Context } from "hono";
import { defineHandler, defineMiddleware } from "../index.js";
import { isMissingAuthTable, MISSING_TABLES_MESSAGE } from "./database-errors.js";
import { authScope, runInAuthScope, type AuthScope } from "./scope.js";

export const authSession = defineMiddleware(async (c, next) => {
  const scope = authScope(c.req.raw);
  c.set("authScope", scope);
  const found = await sessionOf(c, scope);
  c.set("user", found?.user ?? null);
  c.set("session", found?.session ?? null);
  await runInAuthScope(scope, next);
  // better-auth extends a session it finds older than a day: its refreshed cookie goes out with the response.
  if (found?.cookies.length) {
    c.res = new Response(c.res.body, c.res);
    for (const cookie of found.cookies) c.res.headers.append("set-cookie", cookie);
  }
});

const handle = (c: Context) => scopeOf(c).instance().handler(c.req.raw);

export const authRoute = { GET: defineHandler(handle), POST: defineHandler(handle) };

function scopeOf(c: Context): AuthScope {
  return c.get("authScope");
}

/**
 * Without a session cookie or an `Authorization` header (a plugin's bearer token) there is no
 * session to look up: most requests never touch the database for auth.
 */
async function sessionOf(c: Context, scope: AuthScope) {
  const headers = c.req.raw.headers;
  if (!(headers.get("cookie") ?? "").includes(".session_token=") && !headers.has("authorization")) return null;
  try {
    const { headers: answer, response } = await scope.instance().api.getSession({ headers, returnHeaders: true });
    return response ? { user: response.user, session: response.session, cookies: answer.getSetCookie() } : null;
  } catch (error) {
    if (isMissingAuthTable(error)) throw new Error(MISSING_TABLES_MESSAGE, { cause: error });
    throw error;
  }
}
