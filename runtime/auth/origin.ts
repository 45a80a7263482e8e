/**
 * The URL better-auth builds links and callbacks from: `AUTH_URL` (or `BETTER_AUTH_URL`) when set,
 * else the origin of the request, so one build answers on any host it is deployed to. The request's
 * origin comes from its `Host`, which whoever sends the request chooses: a link mailed from it
 * (a password reset's) would carry its token to that host. So a production build mails links only
 * from a configured origin, or from this machine's (`sdk preview` on loopback, where a forged host
 * would only send the token back to the recipient's own machine).
 */
export interface AuthOrigin {
  url: string;
  /** Whether links in auth mail may be built from `url`. */
  mailable: boolean;
}

export const ORIGIN_VARIABLES = ["AUTH_URL", "BETTER_AUTH_URL"] as const;

export function authOrigin(request: Request, vars: Readonly<Record<string, unknown>>, production: boolean): AuthOrigin {
  for (const name of ORIGIN_VARIABLES) {
    const value = vars[name];
    if (typeof value === "string" && value !== "") return { url: new URL(value).origin, mailable: true };
  }
  const url = new URL(request.url).origin;
  return { url, mailable: !production || isLoopback(url) };
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopback(origin: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(origin).hostname);
}

/**
 * Cookies are `Secure` everywhere except plain http on this machine: a browser drops a `Secure`
 * cookie set over http, and local development is http.
 */
export function secureCookies(origin: string): boolean {
  const url = new URL(origin);
  return !(url.protocol === "http:" && isLoopback(origin));
}
