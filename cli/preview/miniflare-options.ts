/**
 * Miniflare options from the generated wrangler.json, so `sdk preview` and the tests run the
 * worker exactly as the platform would read that file: same entry, flags, vars and asset policy.
 */
import path from "node:path";
import type { MiniflareOptions } from "miniflare";
import { localD1DatabaseId } from "../../compiler/db/database.js";

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
  d1_databases?: { binding: string; database_id?: string; preview_database_id?: string }[];
  hyperdrive?: { binding: string; id: string; localConnectionString?: string }[];
}

/** Local state and connections: what the worker's bindings reach on this machine. */
export interface LocalResources {
  /** Miniflare's persistence root, shared with `sdk dev` and `sdk db migrate`; in memory without one. */
  persistRoot?: string;
  /** A Hyperdrive binding's local connection string (`DATABASE_URL`), unless wrangler.json gives one. */
  hyperdriveUrl?: (binding: string) => string;
}

export function miniflareOptions(serverDir: string, wrangler: WranglerJson, listen: { port: number; host: string }, local: LocalResources = {}): MiniflareOptions {
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
    ...(local.persistRoot && { defaultPersistRoot: local.persistRoot }),
    ...(wrangler.d1_databases && { d1Databases: Object.fromEntries(wrangler.d1_databases.map((d1) => [d1.binding, localD1DatabaseId(d1)])) }),
    ...(wrangler.hyperdrive && {
      hyperdrives: Object.fromEntries(wrangler.hyperdrive.map((entry) => [entry.binding, entry.localConnectionString ?? local.hyperdriveUrl?.(entry.binding) ?? ""])),
    }),
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

