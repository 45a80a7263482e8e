/**
 * Links in auth mail (a password reset's, an email verification's) carry a token: built from a
 * forged `Host`, they would hand it to that host. When the origin may not be mailed (origin.ts),
 * the mail hooks refuse instead of sending, and the endpoints that mail an address given in the
 * body fail before they look it up, so a known and an unknown address still get the same answer.
 */
import type { BetterAuthOptions } from "better-auth";
import type { AuthOrigin } from "./origin.js";

/** A mistake of the deployment, logged as its message alone. */
export class AuthSetupError extends Error {
  override name = "AuthSetupError";
}

function hostLinkError(origin: AuthOrigin): AuthSetupError {
  return new AuthSetupError(
    `[sdk] sdk/auth: refused to mail a link built from the request's host (${new URL(origin.url).host}): a production build takes the origin of links in auth mail from AUTH_URL, and the worker has none. ` +
      "Set it to the app's public origin: `sdk secret put AUTH_URL` (e.g. https://app.example.com), or `worker.vars: { AUTH_URL: \"https://app.example.com\" }` in sdk.config.ts; for sdk preview on another address than localhost, AUTH_URL in .env.",
  );
}

type Hook = (...args: never[]) => unknown;

function refusing<T extends Hook | undefined>(hook: T, origin: AuthOrigin): T {
  if (!hook) return hook;
  return (() => {
    throw hostLinkError(origin);
  }) as unknown as T;
}

/** The options with their link-mailing hooks refusing, when the origin may not be mailed. */
export function guardMailHooks(options: BetterAuthOptions, origin: AuthOrigin): BetterAuthOptions {
  if (origin.mailable) return options;
  const { emailAndPassword, emailVerification, user } = options;
  return {
    ...options,
    ...(emailAndPassword && { emailAndPassword: { ...emailAndPassword, sendResetPassword: refusing(emailAndPassword.sendResetPassword, origin) } }),
    ...(emailVerification && { emailVerification: { ...emailVerification, sendVerificationEmail: refusing(emailVerification.sendVerificationEmail, origin) } }),
    ...(user && {
      user: {
        ...user,
        ...(user.changeEmail && { changeEmail: { ...user.changeEmail, sendChangeEmailConfirmation: refusing(user.changeEmail.sendChangeEmailConfirmation, origin) } }),
        ...(user.deleteUser && { deleteUser: { ...user.deleteUser, sendDeleteAccountVerification: refusing(user.deleteUser.sendDeleteAccountVerification, origin) } }),
      },
    }),
  };
}

/** The endpoints that mail a link to an address from the body, by the hook they send with. */
const MAILING_ENDPOINTS: ReadonlyArray<[path: string, sends: (options: BetterAuthOptions) => unknown]> = [
  ["/request-password-reset", (options) => options.emailAndPassword?.sendResetPassword],
  ["/send-verification-email", (options) => options.emailVerification?.sendVerificationEmail],
];

/** The answer to a request that would mail a link from an origin that may not be mailed, logged; else undefined. */
export function refusedMailRequest(request: Request, basePath: string, options: BetterAuthOptions, origin: AuthOrigin): Response | undefined {
  if (origin.mailable || request.method !== "POST") return undefined;
  const path = new URL(request.url).pathname.slice(basePath.length);
  if (!MAILING_ENDPOINTS.some(([endpoint, sends]) => endpoint === path && sends(options))) return undefined;
  console.error(hostLinkError(origin).message);
  return Response.json({ code: "AUTH_URL_MISSING", message: "This server cannot send the mail: its public origin is not configured." }, { status: 500 });
}
