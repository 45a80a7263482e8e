/**
 * An ejected app's database: D1 on the edge, the only target `sdk/db` builds for. Its migrations
 * stay where they are (db/migrations, whose history wrangler reads as its own; the root
 * wrangler.json names the folder, eject-wrangler.ts), `npm run db:migrate` applies them with
 * wrangler to the local database `npm start` (wrangler dev) uses, and `sdk/db` is typed by the
 * schema as `sdk prepare` types it.
 */
import type { AppIR } from "../compiler/ir.js";
import type { EmittedFile } from "./emitted-file.js";
import { databaseTypes } from "./prepare.js";

export interface EjectedDatabase {
  scripts: Record<string, string>;
  files: EmittedFile[];
}

export function ejectedDatabase(ir: AppIR): EjectedDatabase {
  const database = ir.database;
  if (!database || database.dialect !== "sqlite" || ir.target !== "edge") return { scripts: {}, files: [] };
  return {
    scripts: { "db:migrate": `wrangler d1 migrations apply ${database.binding} --local` },
    files: databaseTypes(ir, "..").map((file) => ({ path: "server/db.d.ts", content: file.content })),
  };
}
