/**
 * Applying the pending migrations: checks first (no edited, deleted or out-of-order applied
 * file; no unallowed data loss), then each file in name order, recorded in the database's history
 * with it and in sdk.lock.json right after it. The first failure stops the run; the migrations
 * before it stay applied and recorded.
 */
import type { Dialect } from "../../compiler/db/database.js";
import { error, UserError, type Diagnostic } from "../../compiler/diagnostics.js";
import { dataLossDiagnostics, findDataLoss } from "./cascade-guard.js";
import { loadDatabaseContext, type DatabaseContext } from "./context.js";
import { checkMigrationsDialect } from "./dialect-check.js";
import { appendLockedMigrations, readLockedMigrations, type LockEntry } from "./lock.js";
import { listMigrationFiles, type MigrationFile } from "./migration-files.js";
import { openMigrationTarget, type OpenOptions } from "./open-target.js";
import { planMigrations } from "./plan.js";
import { compareRowCounts, type RowCountChange } from "./row-counts.js";
import { splitStatements, type Statement } from "./statements.js";
import { MigrationFailure, type MigrationTarget } from "./target.js";

export interface MigrateOptions extends OpenOptions {
  /** Apply a migration the data-loss guard refuses. */
  allowDataLoss?: boolean;
  /** Once the database is open: where the migrations go. */
  onDatabase?: (database: { description: string; transactional: boolean }) => void;
  onApplied?: (migration: AppliedMigration) => void;
  /** The database to use instead of the one the options name (`sdk deploy` passes its deployed D1). */
  openTarget?: (context: DatabaseContext) => Promise<MigrationTarget>;
}

export interface AppliedMigration {
  name: string;
  ms: number;
  /** What the data-loss guard found in it, applied because the run allowed it (or was a dry run). */
  dataLoss: Diagnostic[];
}

export interface MigrateResult {
  /** Where the files are, project-relative. */
  migrationsFolder: string;
  /** Where they were applied; empty when there was nothing to apply and nothing was opened. */
  database: string;
  transactional: boolean;
  dryRun: boolean;
  applied: AppliedMigration[];
  /** How many were applied before this run. */
  alreadyApplied: number;
  /** Applied to the database outside sdk (by wrangler, say) and now written to sdk.lock.json. */
  recorded: LockEntry[];
  /** Per table, when the run was a dry run or applied a migration that loses data. */
  rowCounts?: RowCountChange[];
}

interface PendingMigration {
  file: MigrationFile;
  statements: Statement[];
}

export async function migrate(root: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  const context = await loadDatabaseContext(root);
  checkMigrationsDialect(context);
  const files = listMigrationFiles(context.root, context.migrationsDir);
  const locked = readLockedMigrations(context.root, context.binding);
  if (!options.remote && !options.openTarget && !files.length && !locked.length) {
    return { migrationsFolder: context.migrationsFolder, database: "", transactional: true, dryRun: Boolean(options.dryRun), applied: [], alreadyApplied: 0, recorded: [] };
  }
  const target = await (options.openTarget ?? ((c: DatabaseContext) => openMigrationTarget(c, options)))(context);
  try {
    options.onDatabase?.({ description: target.description, transactional: target.transactional });
    const applied = await target.appliedMigrations();
    const plan = planMigrations({ files, applied, locked, folder: context.migrationsFolder, now: new Date() });
    if (plan.problems.length) throw new UserError(plan.problems);
    if (!options.dryRun) appendLockedMigrations(context.root, context.binding, plan.unrecorded);
    const result: MigrateResult = {
      migrationsFolder: context.migrationsFolder,
      database: target.description,
      transactional: target.transactional,
      dryRun: Boolean(options.dryRun),
      applied: [],
      alreadyApplied: applied.length,
      recorded: options.dryRun ? [] : plan.unrecorded,
    };
    if (!plan.pending.length) return result;

    const pending = plan.pending.map((file) => ({ file, statements: splitStatements(file.text, { backslashEscapes: context.dialect === "mysql" }) }));
    const lossAllowed = Boolean(options.allowDataLoss || options.dryRun);
    // Every pending migration is checked before the first runs; each again right before it runs,
    // since one before it may add a reference.
    const foreseen = await dataLossIn(target, pending, context.dialect);
    if (foreseen.length && !lossAllowed) throw new UserError(foreseen);
    const before = lossAllowed ? await target.rowCounts() : undefined;
    await target.createHistoryTable();
    for (const migration of pending) {
      const dataLoss = await dataLossIn(target, [migration], context.dialect);
      if (dataLoss.length && !lossAllowed) throw new UserError(dataLoss.map((d) => withRunSoFar(d, result.applied.length)));
      const started = performance.now();
      try {
        await target.apply(migration.file.name, migration.statements);
      } catch (cause) {
        if (cause instanceof MigrationFailure) throw new UserError([failed(migration, cause, target, result.applied.length)]);
        throw cause;
      }
      const done = { name: migration.file.name, ms: performance.now() - started, dataLoss };
      if (!options.dryRun) appendLockedMigrations(context.root, context.binding, [{ name: done.name, sha256: migration.file.sha256, appliedAt: new Date().toISOString() }]);
      result.applied.push(done);
      options.onApplied?.(done);
    }
    if (before && (options.dryRun || result.applied.some((m) => m.dataLoss.length))) result.rowCounts = compareRowCounts(before, await target.rowCounts());
    return result;
  } finally {
    await target.close();
  }
}

/**
 * For `sdk dev` at start: applies what is pending to the local database and returns it; a
 * problem is a UserError with its diagnostics, as from `sdk db migrate`.
 */
export async function applyPendingMigrations(root: string, options: Pick<MigrateOptions, "allowDataLoss" | "wranglerConfig" | "onApplied"> = {}): Promise<AppliedMigration[]> {
  return (await migrate(root, options)).applied;
}

/** What the data-loss guard finds in `migrations`, by the references the database has now. */
async function dataLossIn(target: MigrationTarget, migrations: PendingMigration[], dialect: Dialect): Promise<Diagnostic[]> {
  const rules = await target.foreignKeyRules();
  return migrations.flatMap(({ file, statements }) => dataLossDiagnostics(file, findDataLoss(statements, rules), dialect));
}

function withRunSoFar(diagnostic: Diagnostic, appliedInRun: number): Diagnostic {
  return appliedInRun ? { ...diagnostic, message: `${diagnostic.message}; the ${appliedInRun} migration(s) before it in this run stay applied` } : diagnostic;
}

function failed(migration: PendingMigration, failure: MigrationFailure, target: MigrationTarget, appliedInRun: number): Diagnostic {
  const at = failure.statement;
  const where = at ? ` at statement ${at.index + 1} (${firstLine(at.statement.sql)})` : "";
  const kept = appliedInRun ? ` The ${appliedInRun} migration(s) before it in this run stay applied.` : "";
  const outcome = target.transactional
    ? "It was rolled back and is not recorded as applied."
    : `MySQL commits schema changes at once: ${at && at.index > 0 ? `statements 1 to ${at.index} of it stay applied` : "nothing of it was applied"}, and it is not recorded as applied.`;
  return error("SDK_MIGRATION_FAILED", `${migration.file.name} failed${where}: ${failure.reason}. ${outcome}${kept}`, {
    file: migration.file.file,
    ...(at && { line: at.statement.line }),
    hint: target.transactional || !at || at.index === 0
      ? "fix the migration (it is not applied, so it may still change) and run sdk db migrate again"
      : `undo statements 1 to ${at.index} by hand or make them safe to run twice (IF NOT EXISTS), fix the failing one, and run sdk db migrate again`,
  });
}

function firstLine(sql: string): string {
  const line = sql.split("\n")[0].trim();
  return `\`${line.length > 60 ? `${line.slice(0, 57)}...` : line}\``;
}
