/**
 * `sdk/auth`: better-auth on the app's database (edge only). `auth` is the better-auth instance
 * of the request running now (`auth.api.getSession({ headers })`), `requireUser(c)` guards a
 * route or page, `defineAuth()` is for `auth.ts`; `c.get("user")` and `c.get("session")` are set
 * on every request (null when signed out); `authTables` are its tables for the app's `sdk/db`
 * queries. The browser client is `sdk/auth/client`.
 */
import type { Session, User } from "better-auth";
import type { AuthInstance } from "./instance.js";
import { currentAuth, type AuthScope } from "./scope.js";

export { defineAuth, AUTH_BASE_PATH, type AuthOptions } from "./options.js";
export { requireUser, type RequireUserOptions } from "./require-user.js";
export { authTables, type AuthTables } from "./tables.js";
export type { Session, User } from "better-auth";
export type { AuthInstance } from "./instance.js";

declare module "hono" {
  interface ContextVariableMap {
    /** The signed-in user, or null. */
    user: User | null;
    /** The session of the signed-in user, or null. */
    session: Session | null;
    /** The request's auth, for the generated auth route. */
    authScope: AuthScope;
  }
}

/** Forwards every use to the auth of the request running now, built on first use. */
export const auth: AuthInstance = new Proxy({} as AuthInstance, {
  get(_, key) {
    const target = currentAuth() as unknown as Record<PropertyKey, unknown>;
    const value = Reflect.get(target, key);
    return typeof value === "function" ? value.bind(target) : value;
  },
});
