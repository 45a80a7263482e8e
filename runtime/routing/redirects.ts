/**
 * `routing.redirects`, answered as Cloudflare's asset worker answers a `_redirects` file
 * (workers-shared: asset-worker handler.ts `handleRedirects`, utils/rules-engine.ts; held side by
 * side with the real worker in spec/runtime/routing/redirects-cloudflare.test.ts): the first rule that
 * matches, in the order written, wins; a string destination is a 302; `:splat` and placeholders
 * are filled in with the path as received, percent-escapes kept. The query sent is the
 * destination's own when it has one, else the request's: the two are never merged. The Location
 * is path, query and fragment when the destination is on the request's origin (an absolute
 * destination naming this site included), the absolute URL otherwise.
 *
 * Kept different on purpose: a filled-in destination never leads to a host its rule did not
 * name. A relative one stays on this site (same-site.ts), where Cloudflare follows a template
 * written `/\…` off the site and keeps a leading `%2F` or `%5C` from the splat; an absolute one
 * must keep its written origin, or the rule is not followed (`redirectFor` answers null and the
 * request goes on). Runs of `/` collapse in the path of every relative destination; Cloudflare
 * collapses them in the whole destination (query and fragment too) of a rule with a splat or
 * placeholder, and nowhere in a rule above the first of those. `http://` destinations are
 * allowed; `_redirects` takes https only.
 */
import { compilePattern, PatternError, patternProblem, samplePath, substitute, type CompiledPattern, type PatternMatch } from "./pattern.js";
import type { RedirectStatus } from "./config.js";
import { sameSitePath } from "./same-site.js";

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

/**
 * Why the rule would send the browser back to a path it matches itself (forever, or until the URL
 * is too long), or null. Tried on one path the pattern matches: a rule either loops for all such
 * paths or for none. Only the path counts, as in matching, so a query does not break the loop.
 */
export function redirectLoopProblem(source: string, destination: string): string | null {
  if (!destination.startsWith("/") || patternProblem(source) !== null) return null;
  const pattern = compilePattern(source);
  const match = pattern.match(samplePath(source));
  if (match === null) return null;
  const landing = new URL(sameSitePath(substitute(destination, match)), "https://site.invalid").pathname;
  if (pattern.match(landing) === null) return null;
  return `a request for ${samplePath(source)} is sent to ${landing}, which ${JSON.stringify(source)} matches again`;
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
  const destination = destinationFor(rule, substitute(rule.to, match), url);
  if (destination === null) return null;
  const search = destination.search || url.search;
  const hash = destination.hash;
  if (destination.origin === url.origin) return `${destination.pathname}${search}${hash}`;
  destination.search = "";
  destination.hash = "";
  return `${destination.href}${search}${hash}`;
}

/** The filled-in destination, or null when it would lead to a host its rule does not name. */
function destinationFor(rule: RedirectRule, target: string, url: URL): URL | null {
  if (rule.origin === null) {
    const destination = new URL(sameSitePath(target), url);
    return destination.origin === url.origin ? destination : null;
  }
  let destination: URL;
  try {
    destination = new URL(target);
  } catch {
    return null;
  }
  return destination.origin === rule.origin ? destination : null;
}
