/**
 * `routing.rewrites` and `routing.fallbacks`: serve another path's content under the requested
 * URL, as Cloudflare's `_redirects` proxying (status 200) does: the first matching rule wins,
 * `:splat` and placeholders are filled in, and only the path changes (the asset worker takes
 * `new URL(to, request.url).pathname`, keeping the request's query). A query written in the
 * destination is merged in, the destination winning on a shared name. The result is always a
 * path on this site, whatever the request put in the splat.
 */
import { compilePattern, PatternError, substitute, type CompiledPattern } from "./pattern.js";
import { mergeSearch, sameSitePath } from "./same-site.js";

export interface RewriteRule {
  readonly pattern: CompiledPattern;
  readonly to: string;
}

/** Why `destination` cannot be a rewrite target, or null. `destinationProblem` checks its placeholders exist. */
export function rewriteDestinationProblem(destination: string): string | null {
  if (!destination.startsWith("/")) return 'a rewrite serves a path on this site: the destination starts with "/"';
  if (destination.startsWith("//") || destination.startsWith("/\\")) {
    return 'a destination starting with "//" reads as another host; start it with a single "/"';
  }
  return null;
}

/** Rules in key order. A destination not starting with "/" throws (the compiler refuses it first). */
export function compileRewrites(config: Readonly<Record<string, string>> | undefined): RewriteRule[] {
  if (!config) return [];
  return Object.entries(config).map(([source, to]) => {
    if (!to.startsWith("/")) throw new PatternError(`invalid rewrite destination ${JSON.stringify(to)}: ${rewriteDestinationProblem(to)}`);
    return { pattern: compilePattern(source), to };
  });
}

/** The URL to serve instead of `url`, from the first rule whose pattern matches; or null. */
export function rewriteFor(rules: readonly RewriteRule[], url: URL): URL | null {
  for (const rule of rules) {
    const match = rule.pattern.match(url.pathname);
    if (!match) continue;
    const destination = new URL(sameSitePath(substitute(rule.to, match)), url);
    if (destination.origin !== url.origin) return null;
    return new URL(`${destination.pathname}${mergeSearch(url.search, destination.search)}`, url);
  }
  return null;
}
