/**
 * Whether a request to one of the dev server's actions (a cron fired, a message delivered, the
 * inbox emptied) could come from a page of another site. A page can make the browser send a
 * request to localhost (a form, an `<img>`, a no-cors fetch) without reading the answer; the
 * action would still run. What such a request carries, and curl or a script does not:
 *
 * - `Sec-Fetch-Site` other than `same-origin` or `none` (typed in the address bar);
 * - an `Origin` or `Referer` that is not the dev server's own (every browser sends Origin on a
 *   POST; the Host it is compared with is checked by Vite's `server.allowedHosts`, so a rebound
 *   DNS name cannot pose as the dev server);
 * - `Sec-Fetch-Mode: no-cors` or a `Sec-Fetch-Dest` other than a fetch's or a navigation's (an
 *   image, a script, a frame), which a same-origin page's markup sends too;
 * - for a method other than GET, a body type an HTML form can send: so a browser that sends none
 *   of the headers above still cannot post a form to an action.
 */
import type { IncomingHttpHeaders } from "node:http";

export interface RequestShape {
  method: string;
  headers: IncomingHttpHeaders;
}

/** The types a form or a no-cors fetch can send without the browser asking the server first. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]);
const OWN_SITE = new Set(["same-origin", "none"]);
const FETCH_OR_NAVIGATION = new Set(["empty", "document"]);

/** Why the request is refused, or null when curl, a script or the dev server's own page sent it. */
export function crossSiteRefusal({ method, headers }: RequestShape): string | null {
  const site = first(headers["sec-fetch-site"]);
  if (site !== undefined && !OWN_SITE.has(site)) return `it is a ${site} request (Sec-Fetch-Site: ${site}): a page of another site made the browser send it`;
  const own = ownOrigin(headers.host);
  const origin = first(headers.origin);
  if (origin !== undefined && origin.toLowerCase() !== own) return `it comes from another site (Origin: ${origin})`;
  const referer = first(headers.referer);
  if (referer !== undefined && originOf(referer) !== own) return `it comes from another site's page (Referer: ${originOf(referer) ?? referer})`;
  const mode = first(headers["sec-fetch-mode"]);
  const dest = first(headers["sec-fetch-dest"]);
  if (mode === "no-cors" || (dest !== undefined && !FETCH_OR_NAVIGATION.has(dest))) return `a page's markup sent it (Sec-Fetch-Mode: ${mode ?? "-"}, Sec-Fetch-Dest: ${dest ?? "-"}), not a fetch or a navigation`;
  const type = first(headers["content-type"])?.split(";")[0]!.trim().toLowerCase();
  if (method !== "GET" && method !== "HEAD" && type !== undefined && FORM_TYPES.has(type)) return `its body is of a type an HTML form can send (${type}): send none, or name what it is (e.g. -H 'Content-Type: message/rfc822')`;
  return null;
}

/** The origin a page served by this dev server has: plain HTTP on the Host the request names. */
function ownOrigin(host: string | undefined): string | undefined {
  return host ? `http://${host.toLowerCase()}` : undefined;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return undefined;
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
