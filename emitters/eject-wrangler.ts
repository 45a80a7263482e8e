/**
 * An ejected edge app's wrangler.json sits at the project's root, where wrangler looks for it:
 * `wrangler dev`, `wrangler deploy` and `wrangler d1 migrations apply` need no `-c`, read the
 * project's `.env` (the server keys of env.ts) and keep local state in `.wrangler/state`. The
 * generated config names the bundle and the assets from dist/server, as `sdk build` places it;
 * here they are named from the root, and the database's entry names the migrations folder.
 */
import path from "node:path";
import type { AppIR } from "../compiler/ir.js";
import type { EmittedFile } from "./emitted-file.js";

interface WranglerConfig {
  main: string;
  assets?: { directory: string };
  d1_databases?: Record<string, unknown>[];
}

/** The generated wrangler.json, rewritten for the project's root; null for an app with none. */
export function rootWranglerConfig(ir: AppIR, generated: readonly EmittedFile[]): EmittedFile | null {
  const file = generated.find((candidate) => candidate.path === "wrangler.json");
  if (!file) return null;
  const config = JSON.parse(file.content) as WranglerConfig;
  config.main = path.posix.join("dist/server", config.main);
  if (config.assets) config.assets.directory = path.posix.join("dist/server", config.assets.directory);
  const database = ir.database;
  if (database && config.d1_databases) {
    const migrationsDir = path.posix.join(ir.sourceDir, "db", "migrations");
    config.d1_databases = config.d1_databases.map((entry) => (entry.binding === database.binding ? { ...entry, migrations_dir: migrationsDir } : entry));
  }
  return { path: "wrangler.json", content: `${JSON.stringify(config, null, 2)}\n` };
}
