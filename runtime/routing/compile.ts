/** The embedded routing config, compiled once when the server or worker starts. */
import type { RuntimeRouting } from "./config.js";
import { compileHeaderRules, type HeaderRules } from "./headers.js";
import { compileValueTable } from "./match-table.js";
import { compileRedirects, type RedirectRule } from "./redirects.js";
import { compileRewrites, type RewriteRule } from "./rewrites.js";

export interface CompiledRouting {
  readonly redirects: readonly RedirectRule[];
  readonly rewrites: readonly RewriteRule[];
  readonly fallbacks: readonly RewriteRule[];
  readonly headers: HeaderRules;
  readonly notFound: RuntimeRouting["notFound"];
  readonly notFoundPages: readonly string[];
  /** Seconds a response for this path stays fresh; undefined when ISR does not apply. */
  ttlFor(pathname: string): number | undefined;
  allowlistFor(pathname: string): readonly string[];
  /** True when some path has a revalidate TTL or is prerendered by the running app, and `isr` is not false. */
  readonly isr: boolean;
  /** True when nothing but the app and its assets answers: the build ships no routing layer. */
  readonly passThrough: boolean;
}

const NO_PARAMS: readonly string[] = [];

/**
 * How long a prerendered path stays fresh: as long as the Cache API keeps anything. Entries are
 * named under the build's version, so a new deploy starts from none: in effect, until it.
 */
export const PRERENDERED_TTL_SECONDS = 365 * 24 * 60 * 60;

export function compileRouting(routing: RuntimeRouting): CompiledRouting {
  const revalidate = compileValueTable(routing.isr ? routing.revalidate : undefined);
  const prerendered = new Set(routing.isr ? routing.prerendered : undefined);
  const allowlist = compileValueTable(routing.revalidateQueryAllowlist);
  const compiled = {
    redirects: compileRedirects(routing.redirects),
    rewrites: compileRewrites(routing.rewrites),
    fallbacks: compileRewrites(routing.fallbacks),
    headers: compileHeaderRules(routing.headers),
    notFound: routing.notFound,
    notFoundPages: routing.notFoundPages ?? [],
    ttlFor: (pathname: string) => revalidate.lookup(pathname) ?? (prerendered.has(pathname) ? PRERENDERED_TTL_SECONDS : undefined),
    allowlistFor: (pathname: string) => allowlist.lookup(pathname) ?? NO_PARAMS,
  };
  const isr = routing.isr && (Object.keys(routing.revalidate ?? {}).length > 0 || prerendered.size > 0);
  const passThrough =
    compiled.redirects.length === 0 &&
    compiled.rewrites.length === 0 &&
    compiled.fallbacks.length === 0 &&
    Object.keys(routing.headers ?? {}).length === 0 &&
    routing.notFound === "none" &&
    !isr;
  return { ...compiled, isr, passThrough };
}
