/** `sdk db migrate`: apply the pending migrations of db/migrations/, printing each with its time. */
import { migrate, type AppliedMigration, type MigrateResult } from "../db/apply.js";
import { formatRowCounts } from "../db/row-counts.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, green, printDiagnostics, yellow } from "../report.js";

interface DbMigrateFlags extends GlobalOptions {
  remote?: boolean;
  dryRun?: boolean;
  allowDataLoss?: boolean;
}

export async function dbMigrateCommand(flags: DbMigrateFlags): Promise<void> {
  const root = resolveRoot(flags.root);
  const started = performance.now();
  if (!flags.json) console.log(`${cyan("sdk db migrate")} ${dim(root)}${flags.dryRun ? ` ${yellow("(dry run)")}` : ""}`);
  const result = await migrate(root, {
    remote: flags.remote,
    dryRun: flags.dryRun,
    allowDataLoss: flags.allowDataLoss,
    onDatabase: flags.json ? undefined : printDatabase,
    onApplied: flags.json ? undefined : (migration) => printApplied(root, migration, Boolean(flags.allowDataLoss && !flags.dryRun)),
  });
  if (flags.json) {
    console.log(JSON.stringify({ ok: true, ...result, totalMs: performance.now() - started }, null, 2));
    return;
  }
  printSummary(result, performance.now() - started);
}

function printDatabase(database: { description: string; transactional: boolean }): void {
  console.log(`  ${dim("into")} ${database.description}`);
  if (!database.transactional) {
    console.log(dim("  MySQL commits schema changes at once: a migration that fails keeps the statements before the failing one"));
  }
}

/** `allowed`: the user passed --allow-data-loss, so a loss is reported without the hint to pass it. */
function printApplied(root: string, migration: AppliedMigration, allowed: boolean): void {
  console.log(`  ${green("✓")} ${migration.name} ${dim(`${migration.ms.toFixed(0)} ms`)}`);
  printDiagnostics(root, migration.dataLoss.map((d) => ({ ...d, severity: "warning" as const, hint: allowed ? undefined : d.hint })));
}

function printSummary(result: MigrateResult, totalMs: number): void {
  for (const entry of result.recorded) {
    console.log(dim(`  recorded ${entry.name} in sdk.lock.json with its current sha256: the database had it applied (by wrangler?) and the lock did not`));
  }
  if (result.rowCounts) console.log(`${dim("rows per table, before and after:")}\n${formatRowCounts(result.rowCounts).join("\n")}`);
  const count = (n: number) => `${n} migration${n === 1 ? "" : "s"}`;
  const time = dim(`in ${totalMs.toFixed(0)} ms`);
  if (!result.database) console.log(`no migrations in ${result.migrationsFolder}/`);
  else if (result.dryRun) console.log(`${result.applied.length ? `${count(result.applied.length)} would apply` : "nothing to apply"}; dry run on ${result.database}: the database is unchanged ${time}`);
  else if (result.applied.length) console.log(`applied ${count(result.applied.length)} ${time}${result.alreadyApplied ? dim(`; ${result.alreadyApplied} were applied before`) : ""}`);
  else console.log(`nothing to apply: ${count(result.alreadyApplied)} applied, none pending ${time}`);
}
