/**
 * The data-loss guard for one migration file on its own, for `sdk db generate` to run on the file
 * it just wrote: the references are read from the local database (D1 state, or `DATABASE_URL`),
 * which nothing here changes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { UserError, type Diagnostic } from "../../compiler/diagnostics.js";
import { toPosixRelative } from "../../compiler/paths.js";
import { dataLossDiagnostics, findDataLoss } from "./cascade-guard.js";
import { loadDatabaseContext } from "./context.js";
import { hasLocalD1State } from "./d1-state.js";
import { migrationHash } from "./migration-files.js";
import { openMigrationTarget } from "./open-target.js";
import { splitStatements } from "./statements.js";

/**
 * `file`: absolute path of the migration. Throws the diagnostics as a UserError unless
 * `allowDataLoss`; with it, returns them (to print as warnings). Empty: nothing is lost.
 */
export async function guardMigrationFile(root: string, file: string, options: { allowDataLoss?: boolean; wranglerConfig?: Record<string, unknown> } = {}): Promise<Diagnostic[]> {
  const context = await loadDatabaseContext(root);
  if (context.dialect === "sqlite" && !hasLocalD1State(context.root)) return [];
  const text = readFileSync(file, "utf8");
  const migration = { name: path.basename(file), file: toPosixRelative(context.root, file), text, sha256: migrationHash(text) };
  const statements = splitStatements(text, { backslashEscapes: context.dialect === "mysql" });
  const target = await openMigrationTarget(context, { wranglerConfig: options.wranglerConfig });
  try {
    const diagnostics = dataLossDiagnostics(migration, findDataLoss(statements, await target.foreignKeyRules()), context.dialect);
    if (diagnostics.length && !options.allowDataLoss) throw new UserError(diagnostics);
    return diagnostics;
  } finally {
    await target.close();
  }
}
