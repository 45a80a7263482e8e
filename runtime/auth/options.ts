/**
 * `defineAuth()` for an app's `auth.ts`: better-auth's own options (providers' options, scopes,
 * plugins, hooks, custom OAuth flows) passed through, except what sdk sets itself: the database,
 * the secret, the base URL and path.
 */
import type { BetterAuthOptions } from "better-auth";

/** Where better-auth's endpoints answer: `/api/auth/sign-in/email`, `/api/auth/callback/github`, ... */
export const AUTH_BASE_PATH = "/api/auth";

/** The generated app's route for them: every path under the base path. */
export const AUTH_ROUTE_PATTERN = `${AUTH_BASE_PATH}/:path{.+}`;

/** Where `requireUser` sends a browser that asked for a page without a session. */
export const DEFAULT_SIGN_IN_PATH = "/sign-in";

export type AuthOptions = Omit<BetterAuthOptions, "database" | "secret" | "secrets" | "baseURL" | "basePath"> & {
  /** The page `requireUser` redirects a signed-out browser to, with `?next=<path>`; `/sign-in` by default. */
  signInPath?: string;
};

export function defineAuth<const Options extends AuthOptions>(options: Options): Options {
  return options;
}
