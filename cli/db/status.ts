/**
 * The state of each migration without changing anything: the database is only read, and a local
 * D1 database that was never created is not created to say that nothing is applied.
 */
import { loadDatabaseContext } from "./context.js";
import { checkMigrationsDialect } from "./dialect-check.js";
import { readLockedMigrations } from "./lock.js";
import { hasLocalD1State } from "./d1-state.js";
import { listMigrationFiles } from "./migration-files.js";
import { openMigrationTarget, type OpenOptions } from "./open-target.js";
import { planMigrations, type MigrationPlan } from "./plan.js";

export interface StatusResult {
  migrationsFolder: string;
  /** Where the applied ones were read from; empty when nothing was opened. */
  database: string;
  plan: MigrationPlan;
}

export async function migrationStatus(root: string, options: Pick<OpenOptions, "remote">): Promise<StatusResult> {
  const context = await loadDatabaseContext(root);
  checkMigrationsDialect(context);
  const files = listMigrationFiles(context.root, context.migrationsDir);
  const locked = readLockedMigrations(context.root, context.binding);
  const inputs = { files, locked, folder: context.migrationsFolder, now: new Date() };
  const neverCreated = context.dialect === "sqlite" && !hasLocalD1State(context.root);
  if (!options.remote && ((!files.length && !locked.length) || neverCreated)) {
    return { migrationsFolder: context.migrationsFolder, database: "", plan: planMigrations({ ...inputs, applied: [] }) };
  }
  const target = await openMigrationTarget(context, options);
  try {
    return { migrationsFolder: context.migrationsFolder, database: target.description, plan: planMigrations({ ...inputs, applied: await target.appliedMigrations() }) };
  } finally {
    await target.close();
  }
}
