/**
 * Miniflare options from the generated wrangler.json, so `sdk preview` and the tests run the
 * worker exactly as the platform would read that file: same entry, flags, vars and asset policy.
 */
import path from "node:path";
import type { MiniflareOptions } from "miniflare";

export interface WranglerJson {
  name: string;
  main: string;
  compatibility_date: string;
  compatibility_flags?: string[];
  vars?: Record<string, string>;
  assets?: {
    directory: string;
    binding?: string;
    not_found_handling?: "single-page-application" | "404-page" | "none";
    run_worker_first?: boolean | string[];
  };
}

export function miniflareOptions(serverDir: string, wrangler: WranglerJson, listen: { port: number; host: string }): MiniflareOptions {
  const assets = wrangler.assets;
  const runFirst = assets?.run_worker_first;
  return {
    name: wrangler.name,
    modulesRoot: serverDir,
    // The bundle is one module; listed, it is not walked for imports, so a dynamic import() a
    // dependency keeps for other runtimes (Svelte's node:crypto fallback) cannot stop the start.
    modules: [{ type: "ESModule", path: path.resolve(serverDir, wrangler.main) }],
    compatibilityDate: wrangler.compatibility_date,
    compatibilityFlags: wrangler.compatibility_flags,
    bindings: wrangler.vars,
    port: listen.port,
    host: listen.host,
    ...(assets && {
      assets: {
        directory: path.resolve(serverDir, assets.directory),
        binding: assets.binding,
        routerConfig: {
          has_user_worker: true,
          invoke_user_worker_ahead_of_assets: runFirst === true,
          ...(Array.isArray(runFirst) && { static_routing: { user_worker: runFirst } }),
        },
        assetConfig: {
          compatibility_date: wrangler.compatibility_date,
          compatibility_flags: wrangler.compatibility_flags,
          not_found_handling: assets.not_found_handling ?? "none",
        },
      },
    }),
  };
}
