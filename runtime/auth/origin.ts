/**
 * The URL better-auth builds links and callbacks from: `AUTH_URL` (or `BETTER_AUTH_URL`) when set,
 * else the origin of the request, so one build answers on any host it is deployed to.
 */
export function authOrigin(request: Request, vars: Readonly<Record<string, unknown>>): string {
  const configured = vars.AUTH_URL ?? vars.BETTER_AUTH_URL;
  return typeof configured === "string" && configured !== "" ? new URL(configured).origin : new URL(request.url).origin;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Cookies are `Secure` everywhere except plain http on this machine: a browser drops a `Secure`
 * cookie set over http, and local development is http.
 */
export function secureCookies(origin: string): boolean {
  const url = new URL(origin);
  return !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
}
