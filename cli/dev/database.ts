/**
 * The app's database in `sdk dev`, before the worker starts: pending migrations applied (the
 * local D1 state under .sdk/state, or the PostgreSQL or MySQL database at DATABASE_URL), and
 * for PostgreSQL and MySQL the Hyperdrive binding pointed at DATABASE_URL, as wrangler does.
 */
import type { AppIR } from "../../compiler/ir.js";
import { readAppName, readLockResolved } from "../../compiler/project-files.js";
import { emitWranglerConfig } from "../../emitters/wrangler.js";
import { applyPendingMigrations } from "../db/apply.js";
import { hyperdriveConnectionString } from "../db/database-url.js";
import type { DevLog } from "./dev-log.js";

/** Cloudflare's tools read a Hyperdrive binding's local connection string from this variable. */
const HYPERDRIVE_LOCAL = "CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_";

export async function prepareDevDatabase(root: string, ir: AppIR, log: DevLog): Promise<void> {
  const database = ir.database;
  if (!database) return;
  if (database.dialect !== "sqlite") {
    process.env[`${HYPERDRIVE_LOCAL}${database.binding}`] = hyperdriveConnectionString(root, database.binding, database.dialect);
  }
  const started = performance.now();
  // The dev build's own config names the local D1 id: no second scan of the app.
  const wranglerConfig = emitWranglerConfig({ ir, defaultName: readAppName(root), lockResolved: readLockResolved(root) });
  const applied = await applyPendingMigrations(root, { wranglerConfig });
  if (applied.length) log.update(`applied ${applied.map((migration) => migration.name).join(", ")}`, performance.now() - started);
}
