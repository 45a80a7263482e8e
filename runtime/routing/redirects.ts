/**
 * `routing.redirects`, as Cloudflare's `_redirects` (developers.cloudflare.com/workers/static-
 * assets/redirects/): rules are tried in order and the first match wins; a string destination
 * is a 302; `:splat` and placeholders are filled in from the match. The Location follows the
 * asset worker (workers-sdk, asset-worker handler.ts, `handleRedirects`): a same-site
 * destination is sent as path, query and fragment; the request's query is merged into the
 * destination's, the destination winning on a shared name.
 *
 * A filled-in destination never leads to a host its rule did not name: a relative one is kept on
 * this site (same-site.ts), an absolute one must keep its written origin, or the rule is not
 * followed (`redirectFor` answers null and the request goes on).
 */
import { compilePattern, PatternError, substitute, type CompiledPattern, type PatternMatch } from "./pattern.js";
import type { RedirectStatus } from "./config.js";
import { mergeSearch, sameSitePath } from "./same-site.js";

export type RedirectsConfig = Readonly<Record<string, string | { readonly to: string; readonly status?: RedirectStatus }>>;

export interface RedirectRule {
  readonly pattern: CompiledPattern;
  readonly to: string;
  readonly status: RedirectStatus;
  /** The origin an absolute destination names; null for a path on this site. */
  readonly origin: string | null;
}

const ABSOLUTE = /^https?:\/\//i;

/** Why `destination` cannot be a redirect target, or null. `destinationProblem` checks its placeholders exist. */
export function redirectDestinationProblem(destination: string): string | null {
  if (destination.startsWith("//") || destination.startsWith("/\\")) {
    return 'a destination starting with "//" names another host in a browser; use one "/" for this site, or a full https:// URL';
  }
  if (destination.startsWith("/")) return null;
  if (!ABSOLUTE.test(destination)) return 'a redirect goes to a path starting with "/" or to an absolute http:// or https:// URL';
  const authority = destination.slice(destination.indexOf("//") + 2).split(/[/?#]/, 1)[0]!;
  if (/:[A-Za-z]/.test(authority)) {
    return "placeholders may not be part of the destination's host or credentials: the request would choose where it is sent";
  }
  return originOf(destination) === null ? "the destination is not a valid URL" : null;
}

/** The origin an absolute destination names, null for a path on this site. */
function destinationOrigin(to: string): string | null {
  if (to.startsWith("/")) return null;
  const origin = ABSOLUTE.test(to) ? originOf(to) : null;
  if (origin === null) throw new PatternError(`invalid redirect destination ${JSON.stringify(to)}: ${redirectDestinationProblem(to)}`);
  return origin;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Rules in key order. A destination that is neither a path nor an absolute http(s) URL throws
 * (the compiler refuses it first); other risky ones are made safe when a request fills them in.
 */
export function compileRedirects(config: RedirectsConfig | undefined): RedirectRule[] {
  if (!config) return [];
  return Object.entries(config).map(([source, value]) => {
    const to = typeof value === "string" ? value : value.to;
    return {
      pattern: compilePattern(source),
      to,
      status: typeof value === "string" ? 302 : value.status ?? 302,
      origin: destinationOrigin(to),
    };
  });
}

/** The redirect for `url`, from the first rule whose pattern matches its path; or null. */
export function redirectFor(rules: readonly RedirectRule[], url: URL): Response | null {
  for (const rule of rules) {
    const match = rule.pattern.match(url.pathname);
    if (!match) continue;
    const location = locationFor(rule, match, url);
    return location === null ? null : new Response(null, { status: rule.status, headers: { location } });
  }
  return null;
}

/** Built from the parsed URL, so it is serialized by the URL parser and holds no CR or LF. */
function locationFor(rule: RedirectRule, match: PatternMatch, url: URL): string | null {
  const target = substitute(rule.to, match);
  if (rule.origin === null) {
    const destination = new URL(sameSitePath(target), url);
    if (destination.origin !== url.origin) return null;
    return `${destination.pathname}${mergeSearch(url.search, destination.search)}${destination.hash}`;
  }
  let destination: URL;
  try {
    destination = new URL(target);
  } catch {
    return null;
  }
  if (destination.origin !== rule.origin) return null;
  const search = mergeSearch(url.search, destination.search);
  destination.search = "";
  const hash = destination.hash;
  destination.hash = "";
  return `${destination.href}${search}${hash}`;
}
