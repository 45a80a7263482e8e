/**
 * An ejected app's database: D1 on the edge, the only target `sdk/db` builds for. Its migrations
 * stay where they are (db/migrations, whose history wrangler reads as its own), wrangler.json
 * names that folder, `npm run db:migrate` applies them with wrangler to the local database
 * `npm start` (wrangler dev) uses, and `sdk/db` is typed by the schema as `sdk prepare` types it.
 */
import path from "node:path";
import type { AppIR } from "../compiler/ir.js";
import type { EmittedFile } from "./emitted-file.js";
import { databaseTypes } from "./prepare.js";

/** wrangler.json is used from dist/server/, beside the bundle. */
const ROOT_FROM_WRANGLER = "../..";
const LOCAL_STATE = ".wrangler/state";

export interface EjectedDatabase {
  /** Adds the migrations folder to the generated wrangler.json's D1 entry; other files pass as they are. */
  wranglerConfig: (file: EmittedFile) => EmittedFile;
  scripts: Record<string, string>;
  files: EmittedFile[];
}

export function ejectedDatabase(ir: AppIR): EjectedDatabase {
  const database = ir.database;
  if (!database || database.dialect !== "sqlite" || ir.target !== "edge") return { wranglerConfig: (file) => file, scripts: {}, files: [] };
  const migrationsDir = path.posix.join(ROOT_FROM_WRANGLER, ir.sourceDir, "db", "migrations");
  return {
    wranglerConfig(file) {
      if (file.path !== "wrangler.json") return file;
      const config = JSON.parse(file.content) as { d1_databases: Record<string, unknown>[] };
      config.d1_databases = config.d1_databases.map((entry) => (entry.binding === database.binding ? { ...entry, migrations_dir: migrationsDir } : entry));
      return { ...file, content: `${JSON.stringify(config, null, 2)}\n` };
    },
    // The local state outside dist/, which every build replaces; `start` keeps it in the same place.
    scripts: {
      start: `wrangler dev -c dist/server/wrangler.json --persist-to ${LOCAL_STATE}`,
      "db:migrate": `wrangler d1 migrations apply ${database.binding} --local -c dist/server/wrangler.json --persist-to ${LOCAL_STATE}`,
    },
    files: databaseTypes(ir, "..").map((file) => ({ path: "server/db.d.ts", content: file.content })),
  };
}
