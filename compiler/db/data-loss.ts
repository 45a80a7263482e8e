/**
 * The generator's half of "no silent data loss": a migration that drops a table, or rebuilds it
 * (SQLite's way of altering most things: a new table, a copy, a DROP, a rename), while another
 * table references it with ON DELETE CASCADE or SET NULL. On D1 that DROP deletes or clears the
 * child rows, since D1 ignores `PRAGMA foreign_keys=OFF`. Read from the snapshot the migration
 * starts from, which is what the database holds.
 */
import type { Snapshot } from "./drizzle-kit.js";

export interface DataLossRisk {
  /** The table the migration drops or rebuilds. */
  table: string;
  /** A table whose rows reference it, and what its foreign key does to them. */
  child: string;
  onDelete: "cascade" | "set null";
  rebuilt: boolean;
}

const DROP_TABLE = /\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:[`"]?\w+[`"]?\.)?[`"]?(\w+)[`"]?/gi;
const REBUILD = /\bALTER\s+TABLE\s+[`"]?__new_(\w+)[`"]?\s+RENAME\s+TO\b/gi;

export function dataLossRisks(prev: Snapshot, statements: readonly string[]): DataLossRisk[] {
  const sql = statements.join("\n");
  const rebuilt = new Set([...sql.matchAll(REBUILD)].map((m) => m[1]!));
  const dropped = new Set([...sql.matchAll(DROP_TABLE)].map((m) => m[1]!).filter((name) => !name.startsWith("__new_")));
  const risks: DataLossRisk[] = [];
  for (const child of Object.values(prev.tables)) {
    if (dropped.has(child.name) && !rebuilt.has(child.name)) continue;
    for (const fk of Object.values(child.foreignKeys)) {
      if (typeof fk === "string" || !dropped.has(fk.tableTo) || fk.tableTo === child.name) continue;
      const onDelete = fk.onDelete?.toLowerCase();
      if (onDelete !== "cascade" && onDelete !== "set null") continue;
      risks.push({ table: fk.tableTo, child: child.name, onDelete, rebuilt: rebuilt.has(fk.tableTo) });
    }
  }
  return risks;
}

export function describeRisk(risk: DataLossRisk): string {
  const what = risk.onDelete === "cascade" ? "deletes every row of" : "clears the reference in every row of";
  return `${risk.rebuilt ? "rebuilding" : "dropping"} table ${risk.table} ${what} ${risk.child} (its foreign key is ON DELETE ${risk.onDelete.toUpperCase()})`;
}
