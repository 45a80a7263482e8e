/** Rows per table before and after migrations: what a dry run or an allowed data loss shows. */
import type { RowCounts } from "./target.js";

export interface RowCountChange {
  table: string;
  /** null: the table did not exist then. */
  before: number | null;
  after: number | null;
}

export function compareRowCounts(before: RowCounts, after: RowCounts): RowCountChange[] {
  const tables = [...new Set([...before.keys(), ...after.keys()])].sort();
  return tables.map((table) => ({ table, before: before.get(table) ?? null, after: after.get(table) ?? null }));
}

/** An aligned table; a table that lost rows says how many. */
export function formatRowCounts(changes: readonly RowCountChange[]): string[] {
  const cell = (count: number | null) => (count === null ? "-" : String(count));
  const note = ({ before, after }: RowCountChange) => {
    if (before === null) return "new";
    if (after === null) return "dropped";
    const change = after - before;
    return change === 0 ? "" : `${change > 0 ? "+" : ""}${change} row${Math.abs(change) === 1 ? "" : "s"}`;
  };
  const rows = [["table", "before", "after", ""], ...changes.map((c) => [c.table, cell(c.before), cell(c.after), note(c)])];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map(([table, before, after, change]) => `  ${table.padEnd(widths[0])}  ${before.padStart(widths[1])}  ${after.padStart(widths[2])}  ${change}`.trimEnd());
}
