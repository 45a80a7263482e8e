/**
 * Refusing form posts from other sites (CSRF), as SvelteKit and Astro do: browsers send `Origin`
 * with every POST, so a request that carries another site's origin, or that the browser itself
 * labels cross-site, was not made by this app's pages.
 */

export const CROSS_SITE_MESSAGE = "Cross-site POST form submissions are forbidden";

/**
 * Hosts are compared, not whole origins: behind a proxy that ends TLS the app sees `http://` while
 * the browser sends `Origin: https://…` for the same host. `Origin: null` (a sandboxed frame, a
 * redirect across sites) is never this app.
 */
export function isCrossSiteRequest(request: Request): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  return hostOf(origin) !== new URL(request.url).host;
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
