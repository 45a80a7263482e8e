/**
 * better-auth for one request. On the edge the bindings, the database client (one per request on
 * PostgreSQL and MySQL) and the origin belong to the request, so each request that needs auth
 * builds its own instance over the same `sdk/db` connection the app's queries use.
 */
import { env } from "cloudflare:workers";
import { betterAuth, type Auth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { currentDatabase } from "../db/registry.js";
import { isMissingAuthTable, MISSING_TABLES_MESSAGE } from "./database-errors.js";
import { AuthSetupError, guardMailHooks, refusedMailRequest } from "./mail-links.js";
import { AUTH_BASE_PATH, resolveAuthOptions, type AuthOptions } from "./options.js";
import { authOrigin, secureCookies } from "./origin.js";
import { hashPassword, verifyPassword } from "./password.js";
import { authTablesFor } from "./plugin-tables.js";
import { reportMissing, socialProviders } from "./providers.js";
import type { AuthSettings } from "./registry.js";
import { authSecret } from "./secret.js";

export type AuthInstance = Auth<BetterAuthOptions>;

/**
 * The address better-auth's rate limiter counts a client by: on the edge the platform sets
 * `CF-Connecting-IP` (replacing any the client sent), where `X-Forwarded-For`, better-auth's
 * default, is whatever the client wrote.
 */
const CLIENT_ADDRESS_HEADERS = ["cf-connecting-ip"];

export function createAuthInstance(request: Request, settings: AuthSettings): AuthInstance {
  const vars = env as Record<string, unknown>;
  const { signInPath: _signInPath, ...options } = resolveAuthOptions(settings.options);
  const origin = authOrigin(request, vars, settings.production);
  const social = socialProviders(settings.providers, vars, options.socialProviders as Record<string, unknown> | undefined);
  reportMissing(social.missing, settings.production);
  const mailing = guardMailHooks(options as BetterAuthOptions, origin);
  const auth = betterAuth({
    ...mailing,
    secret: authSecret(vars),
    baseURL: origin.url,
    basePath: AUTH_BASE_PATH,
    database: drizzleAdapter(currentDatabase() as Parameters<typeof drizzleAdapter>[0], { provider: settings.dialect, schema: adapterTables(settings, options) }),
    emailAndPassword: {
      enabled: settings.providers.includes("email"),
      revokeSessionsOnPasswordReset: true,
      ...mailing.emailAndPassword,
      password: { hash: hashPassword, verify: verifyPassword, ...options.emailAndPassword?.password },
    },
    // better-auth turns its limiter on only when NODE_ENV is production, which a worker does not have.
    rateLimit: { ...options.rateLimit, enabled: options.rateLimit?.enabled ?? true },
    // The variables filled in what auth.ts left out (providers.ts).
    socialProviders: { ...options.socialProviders, ...social.options } as BetterAuthOptions["socialProviders"],
    trustedOrigins: Array.isArray(options.trustedOrigins) ? [origin.url, ...options.trustedOrigins] : options.trustedOrigins ?? [origin.url],
    advanced: {
      ...options.advanced,
      ipAddress: { ipAddressHeaders: CLIENT_ADDRESS_HEADERS, ...options.advanced?.ipAddress },
      useSecureCookies: options.advanced?.useSecureCookies ?? secureCookies(origin.url),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", ...options.advanced?.defaultCookieAttributes },
    },
    onAPIError: { ...options.onAPIError, onError: (error, ctx) => onError(error, ctx, options.onAPIError?.onError) },
    telemetry: { enabled: false },
  }) as unknown as AuthInstance;
  const handler = async (incoming: Request) => refusedMailRequest(incoming, AUTH_BASE_PATH, auth.options, origin) ?? auth.handler(incoming);
  return { ...auth, handler, fetch: handler } as AuthInstance;
}

let isolateTables: Record<string, unknown> | undefined;

/**
 * The adapter's tables, plugins' and `additionalFields`' included: built here from better-auth's
 * own `getAuthTables` of the options, by the same function `sdk db generate` diffed into the
 * migrations (plugin-tables.ts), rather than emitted by the build, which would have to evaluate
 * auth.ts too and could disagree with the options the worker actually runs. Built once per
 * isolate, on the first request that needs auth: the database was migrated for one set of
 * tables, so they cannot vary by request, and rebuilding them would cost every auth request.
 */
function adapterTables(settings: AuthSettings, options: AuthOptions): Record<string, unknown> {
  return (isolateTables ??= authTablesFor(options as BetterAuthOptions, settings.tables, settings.columns));
}

type ErrorHook = NonNullable<NonNullable<BetterAuthOptions["onAPIError"]>["onError"]>;

/** better-auth answers 500 either way; the log says what to do when the tables are missing. */
async function onError(error: unknown, ctx: Parameters<ErrorHook>[1], own: ErrorHook | undefined): Promise<void> {
  if (isMissingAuthTable(error)) console.error(MISSING_TABLES_MESSAGE);
  else if (error instanceof AuthSetupError) console.error(error.message);
  else if (!isExpected(error)) console.error("[sdk] sdk/auth:", error);
  await own?.(error, ctx);
}

/** better-auth's own answers (a wrong password, an expired link) are not failures of the app. */
function isExpected(error: unknown): boolean {
  return error instanceof Error && error.name === "APIError" && (error as { statusCode?: number }).statusCode !== 500;
}
