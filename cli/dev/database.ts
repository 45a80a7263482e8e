/**
 * The app's database in `sdk dev`, before the worker starts: pending migrations applied (the
 * local D1 state under .sdk/state, or the PostgreSQL or MySQL database at DATABASE_URL), and
 * for PostgreSQL and MySQL the Hyperdrive binding pointed at DATABASE_URL, as wrangler does,
 * through a front that bounds and reports a failed connection (cli/preview/database-front.ts).
 */
import type { AppIR } from "../../compiler/ir.js";
import { readAppName, readLockResolved } from "../../compiler/project-files.js";
import { emitWranglerConfig } from "../../emitters/wrangler.js";
import { applyPendingMigrations } from "../db/apply.js";
import { hyperdriveConnectionString } from "../db/database-url.js";
import { startDatabaseFront } from "../preview/database-front.js";
import type { DevLog } from "./dev-log.js";

/** Cloudflare's tools read a Hyperdrive binding's local connection string from this variable. */
const HYPERDRIVE_LOCAL = "CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_";

/** Resolves to what stops the binding's front, once the dev server closes. */
export async function prepareDevDatabase(root: string, ir: AppIR, log: DevLog): Promise<() => Promise<void>> {
  const database = ir.database;
  if (!database) return async () => {};
  const front = database.dialect === "sqlite" ? undefined : await startDatabaseFront(hyperdriveConnectionString(root, database.binding, database.dialect), (line) => log.info(line));
  if (front) process.env[`${HYPERDRIVE_LOCAL}${database.binding}`] = front.url;
  const started = performance.now();
  try {
    // The dev build's own config names the local D1 id: no second scan of the app.
    const wranglerConfig = emitWranglerConfig({ ir, defaultName: readAppName(root), lockResolved: readLockResolved(root) });
    const applied = await applyPendingMigrations(root, { wranglerConfig });
    if (applied.length) log.update(`applied ${applied.map((migration) => migration.name).join(", ")}`, performance.now() - started);
  } catch (cause) {
    await front?.close();
    throw cause;
  }
  return async () => front?.close();
}
