/**
 * The data-loss guard: a migration that drops a table, or rebuilds it as drizzle-kit does on
 * SQLite (create `__new_x`, copy, drop `x`, rename), while another table references it with
 * `ON DELETE CASCADE`, `SET NULL` or `SET DEFAULT`. Dropping a table deletes its rows, and D1 runs
 * every migration with foreign keys enforced (it ignores `PRAGMA foreign_keys=OFF`), so the child
 * rows are deleted or cleared with them. The references come from the live database's catalog,
 * so a constraint added by hand or by an earlier migration counts.
 */
import type { Dialect } from "../../compiler/db/database.js";
import { error, type Diagnostic } from "../../compiler/diagnostics.js";
import type { MigrationFile } from "./migration-files.js";
import type { Statement } from "./statements.js";
import { tableChanges } from "./table-changes.js";

export type DeleteRule = "CASCADE" | "SET NULL" | "SET DEFAULT";

/** `child` has a foreign key to `parent` whose `ON DELETE` changes the child's rows. */
export interface ForeignKeyRule {
  child: string;
  parent: string;
  onDelete: DeleteRule;
}

export interface DroppedTable {
  /** The name the database knows it by before the migration. */
  table: string;
  /** The name the DROP uses, which a rename earlier in the migration may have given it. */
  droppedAs: string;
  statement: Statement;
  /** The migration leaves a table of the same name (drizzle's copy, drop, rename): a rebuild, not a removal. */
  rebuilt: boolean;
}

export interface DataLoss extends DroppedTable {
  child: string;
  onDelete: DeleteRule;
}

export function droppedTables(statements: readonly Statement[]): DroppedTable[] {
  // Current name -> the name it had before the migration; null: no table the database knows.
  const before = new Map<string, string | null>();
  const known = (name: string) => (before.has(name) ? before.get(name)! : name);
  const remade = new Set<string>();
  const dropped: Omit<DroppedTable, "rebuilt">[] = [];
  for (const change of tableChanges(statements)) {
    if (change.kind === "create") remade.add(change.table);
    else if (change.kind === "rename") {
      before.set(change.to, known(change.from));
      before.set(change.from, null);
      remade.add(change.to);
    } else {
      const table = known(change.table);
      if (table) dropped.push({ table, droppedAs: change.table, statement: change.statement });
      before.set(change.table, null);
    }
  }
  return dropped.map((drop) => ({ ...drop, rebuilt: remade.has(drop.table) }));
}

/**
 * The rows the statements would take with them. A child the migration itself drops for good is
 * not counted: its rows go with its own drop, as written.
 */
export function findDataLoss(statements: readonly Statement[], rules: readonly ForeignKeyRule[]): DataLoss[] {
  const dropped = droppedTables(statements);
  const droppedForGood = new Set(dropped.filter((d) => !d.rebuilt).map((d) => d.table));
  return dropped.flatMap((drop) =>
    rules
      .filter((rule) => rule.parent.toLowerCase() === drop.table && rule.child.toLowerCase() !== drop.table && !droppedForGood.has(rule.child.toLowerCase()))
      .map((rule) => ({ ...drop, child: rule.child, onDelete: rule.onDelete })),
  );
}

export function dataLossDiagnostics(file: MigrationFile, losses: readonly DataLoss[], dialect: Dialect): Diagnostic[] {
  return losses.map((loss) => {
    const as = loss.droppedAs === loss.table ? "" : ` as ${loss.droppedAs}`;
    const what = loss.rebuilt ? `rebuilds table ${loss.table} (the old one is dropped${as})` : `drops table ${loss.table}${as ? ` (${as.trim()})` : ""}`;
    return error("SDK_MIGRATION_DATA_LOSS", `${file.name} ${what}, which ${loss.child} references with ON DELETE ${loss.onDelete}: ${consequence(loss, dialect)}`, {
      file: file.file,
      line: loss.statement.line,
      hint: `copy the rows of ${loss.child} aside in the migration and restore them after, or apply it anyway with \`sdk db migrate --allow-data-loss\` (\`--dry-run\` first shows the row counts before and after)`,
    });
  });
}

/** What the drop does to the child's rows, as each database does it. */
function consequence(loss: DataLoss, dialect: Dialect): string {
  if (dialect === "pg") {
    return `PostgreSQL refuses the drop, or with CASCADE drops the foreign key of ${loss.child} along with it, so its rows are no longer checked against ${loss.table}`;
  }
  if (dialect === "mysql") {
    return `MySQL refuses the drop while that key stands, and with FOREIGN_KEY_CHECKS=0 leaves the rows of ${loss.child} pointing at a dropped table`;
  }
  const effect = loss.onDelete === "CASCADE" ? "deletes every row" : `sets to ${loss.onDelete === "SET NULL" ? "NULL" : "its default"} the reference of every row`;
  return `D1 enforces foreign keys during migrations (PRAGMA foreign_keys=OFF is ignored), so dropping ${loss.table} ${effect} of ${loss.child} that points at it`;
}
