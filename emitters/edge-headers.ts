/**
 * `dist/client/_headers` for the edge: the platform's asset layer answers static files without
 * the worker, so the long cache of hashed build files is declared in Cloudflare's `_headers`
 * format, one rule per file (public/ files keep revalidating). A `_headers` of the app's own
 * comes first, kept as written.
 */
import type { AssetIR } from "../compiler/ir.js";
import { IMMUTABLE_CACHE_CONTROL } from "../runtime/static/respond.js";

/** Cloudflare reads at most this many rules; later build files revalidate instead. */
export const EDGE_HEADER_RULES_LIMIT = 100;

export function edgeHeadersFile(assets: readonly AssetIR[], own: string | null): string | null {
  const rules = assets
    .filter((asset) => asset.immutable)
    .slice(0, EDGE_HEADER_RULES_LIMIT)
    .map((asset) => `${asset.path}\n  Cache-Control: ${IMMUTABLE_CACHE_CONTROL}\n`);
  if (rules.length === 0) return own;
  return [...(own ? [own.endsWith("\n") ? own : `${own}\n`] : []), ...rules].join("");
}
