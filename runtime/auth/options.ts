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

type EmailAndPassword = NonNullable<BetterAuthOptions["emailAndPassword"]>;
type SocialProviders = NonNullable<BetterAuthOptions["socialProviders"]>;
/** A provider's options as an object, any of them (better-auth also takes a function, which cannot be merged with variables). */
type ProviderOptions<T> = T extends (...args: never[]) => unknown ? never : Partial<T>;

export type AuthOptions = Omit<BetterAuthOptions, "database" | "secret" | "secrets" | "baseURL" | "basePath" | "emailAndPassword" | "socialProviders"> & {
  /** The page `requireUser` redirects a signed-out browser to, with `?next=<path>`; `/sign-in` by default. */
  signInPath?: string;
  /** `enabled` follows `email` in `auth.providers` unless given. */
  emailAndPassword?: Omit<EmailAndPassword, "enabled"> & { enabled?: boolean };
  /** Beside `AUTH_<PROVIDER>_*` variables, which fill in the options not given (the client id and secret). */
  socialProviders?: { [Name in keyof SocialProviders]?: ProviderOptions<NonNullable<SocialProviders[Name]>> };
};

/**
 * What auth.ts exports: the options, or a function returning them. The function runs when a
 * request first needs auth, so what it reads through `sdk/env` (a provider's URL and credentials)
 * is read then: a variable that is not set fails that request, naming it, instead of the worker's
 * start (and a first deploy made before its secrets are set).
 */
export type AuthDefinition = AuthOptions | (() => AuthOptions);

export function defineAuth<const Options extends AuthOptions>(options: Options): Options;
export function defineAuth<const Options extends AuthOptions>(options: () => Options): () => Options;
export function defineAuth(options: AuthDefinition): AuthDefinition {
  return options;
}

export function resolveAuthOptions(definition: AuthDefinition): AuthOptions {
  return typeof definition === "function" ? definition() : definition;
}
