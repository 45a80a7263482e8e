/**
 * The secret better-auth signs cookies and encrypts tokens with: `AUTH_SECRET`, or better-auth's
 * own `BETTER_AUTH_SECRET`. `sdk dev` and `sdk preview` make one for this machine when neither is
 * set; a deployment must have one.
 */
export const SECRET_VARIABLES = ["AUTH_SECRET", "BETTER_AUTH_SECRET"] as const;

export function authSecret(vars: Readonly<Record<string, unknown>>): string {
  for (const name of SECRET_VARIABLES) {
    const value = vars[name];
    if (typeof value === "string" && value !== "") return value;
  }
  throw new Error(
    "sdk/auth: the worker has no AUTH_SECRET. Set one with `sdk secret put AUTH_SECRET` or `wrangler secret put AUTH_SECRET` (a random string of at least 32 characters, e.g. from `openssl rand -base64 32`); sdk dev and sdk preview make one for this machine.",
  );
}
