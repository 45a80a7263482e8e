/**
 * The URL `connect()` opens: a path resolved as `sdk/client` resolves one (against the page in a
 * browser, against `baseUrl` elsewhere), with the scheme turned into WebSocket's: `http:` to
 * `ws:`, `https:` to `wss:`, so a page served over TLS connects over TLS.
 */

const WEBSOCKET_SCHEMES: Readonly<Record<string, string>> = { "http:": "ws:", "https:": "wss:", "ws:": "ws:", "wss:": "wss:" };

export function webSocketUrl(pathOrUrl: string, baseUrl: string | URL | undefined): string {
  const url = new URL(absoluteUrl(pathOrUrl, baseUrl));
  const scheme = WEBSOCKET_SCHEMES[url.protocol];
  if (scheme === undefined) throw new TypeError(`sdk/ws: cannot open a WebSocket to ${url.href}: use an http(s) or ws(s) URL`);
  url.protocol = scheme;
  return url.href;
}

function absoluteUrl(pathOrUrl: string, baseUrl: string | URL | undefined): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl)) return pathOrUrl;
  // A base with a path (an app mounted under /app) keeps it, as in sdk/client.
  if (baseUrl !== undefined) return String(baseUrl).replace(/\/+$/, "") + pathOrUrl;
  const location = (globalThis as { location?: { href: string } }).location;
  if (location !== undefined) return new URL(pathOrUrl, location.href).href;
  throw new TypeError(`sdk/ws: outside a browser, pass baseUrl (e.g. "http://localhost:3000") to connect to ${pathOrUrl}`);
}
