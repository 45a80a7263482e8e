/**
 * Renames are never guessed. When a table loses columns and gains others in one step, or tables
 * disappear while others appear, only the user knows whether that is a rename (data kept) or a
 * drop and an add (data gone). `--rename posts.title:headline` or `--rename posts:articles` says
 * which; without it the step is refused. A given rename is applied to the older snapshot, so
 * drizzle-kit sees no ambiguity, and its statement leads the migration.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { Dialect } from "./database.js";
import type { Snapshot, TableSnapshot } from "./drizzle-kit.js";

export type Rename =
  | { kind: "column"; table: string; from: string; to: string }
  | { kind: "table"; from: string; to: string };

const RENAME_FORM = /^(?:([\w$]+)\.)?([\w$]+):([\w$]+)$/;

/** `posts.title:headline` renames a column, `posts:articles` a table; null when malformed. */
export function parseRename(value: string): Rename | null {
  const match = RENAME_FORM.exec(value.trim());
  if (!match) return null;
  const [, table, from, to] = match as unknown as [string, string | undefined, string, string];
  return table ? { kind: "column", table, from, to } : { kind: "table", from, to };
}

function tablesByName(snapshot: Snapshot): Map<string, [key: string, table: TableSnapshot]> {
  return new Map(Object.entries(snapshot.tables).map(([key, table]) => [table.name, [key, table]]));
}

/** Each table or column change that could be a rename and is not settled by `renames`. */
export function unsettledRenames(prev: Snapshot, next: Snapshot, renames: readonly Rename[]): Diagnostic[] {
  const before = tablesByName(prev);
  const after = tablesByName(next);
  const renamedTables = renames.filter((r) => r.kind === "table");
  const dropped = [...before.keys()].filter((name) => !after.has(name) && !renamedTables.some((r) => r.from === name));
  const added = [...after.keys()].filter((name) => !before.has(name) && !renamedTables.some((r) => r.to === name));
  const problems: Diagnostic[] = [];
  if (dropped.length && added.length) {
    problems.push(error("SDK_DB_RENAME_AMBIGUOUS", `Table ${list(dropped)} is gone and ${list(added)} is new: a rename keeps the rows, a drop deletes them.`, {
      hint: `For a rename run again with --rename ${dropped[0]}:${added[0]}; for a drop and a new table, generate the drop first (remove the table, sdk db generate), then add the new one.`,
    }));
  }
  for (const [name, [, table]] of after) {
    const old = before.get(renamedTables.find((r) => r.to === name)?.from ?? name)?.[1];
    if (!old) continue;
    const settled = renames.filter((r): r is Extract<Rename, { kind: "column" }> => r.kind === "column" && r.table === name);
    const gone = Object.keys(old.columns).filter((c) => !(c in table.columns) && !settled.some((r) => r.from === c));
    const fresh = Object.keys(table.columns).filter((c) => !(c in old.columns) && !settled.some((r) => r.to === c));
    if (gone.length && fresh.length) {
      problems.push(error("SDK_DB_RENAME_AMBIGUOUS", `In table ${name}, column ${list(gone)} is gone and ${list(fresh)} is new: a rename keeps the values, a drop deletes them.`, {
        hint: `For a rename run again with --rename ${name}.${gone[0]}:${fresh[0]}; for a drop and a new column, generate them in two steps.`,
      }));
    }
  }
  return problems;
}

/** Checks each rename against the snapshots: it must name what the older one has and the newer one wants. */
export function invalidRenames(prev: Snapshot, next: Snapshot, renames: readonly Rename[]): Diagnostic[] {
  const before = tablesByName(prev);
  const after = tablesByName(next);
  return renames.flatMap((rename) => {
    const problem = rename.kind === "table"
      ? !before.has(rename.from) ? `table ${rename.from} is not in the last migration` : !after.has(rename.to) ? `table ${rename.to} is not in db/schema.ts` : before.has(rename.to) ? `table ${rename.to} already exists` : null
      : !before.get(rename.table)?.[1].columns[rename.from] ? `column ${rename.table}.${rename.from} is not in the last migration` : !after.get(rename.table)?.[1].columns[rename.to] ? `column ${rename.table}.${rename.to} is not in db/schema.ts` : null;
    if (!problem) return [];
    const given = rename.kind === "table" ? `${rename.from}:${rename.to}` : `${rename.table}.${rename.from}:${rename.to}`;
    return [error("SDK_DB_RENAME_INVALID", `--rename ${given}: ${problem}.`, { hint: "Name the old name as the last migration has it and the new one as db/schema.ts has it." })];
  });
}

/** The older snapshot as if the renames had happened, and the statements that make them happen. */
export function applyRenames(dialect: Dialect, prev: Snapshot, renames: readonly Rename[]): { prev: Snapshot; statements: string[] } {
  const renamed = structuredClone(prev);
  const statements: string[] = [];
  for (const rename of renames.filter((r) => r.kind === "table")) {
    const [key, table] = tablesByName(renamed).get(rename.from)!;
    delete renamed.tables[key];
    renamed.tables[key.replace(new RegExp(`${rename.from}$`), rename.to)] = { ...table, name: rename.to };
    for (const other of Object.values(renamed.tables)) replaceInForeignKeys(other, { tableFrom: rename, tableTo: rename });
    statements.push(renameTableStatement(dialect, table, rename.to));
  }
  for (const rename of renames.filter((r): r is Extract<Rename, { kind: "column" }> => r.kind === "column")) {
    const [, table] = tablesByName(renamed).get(rename.table)!;
    const { [rename.from]: column, ...rest } = table.columns;
    table.columns = { ...rest, [rename.to]: { ...column!, name: rename.to } };
    for (const section of ["indexes", "compositePrimaryKeys", "uniqueConstraints", "foreignKeys"]) {
      table[section] = replaceColumn(table[section], rename.from, rename.to, ["columns", "columnsFrom", "expression"]);
    }
    for (const other of Object.values(renamed.tables)) {
      for (const [name, fk] of Object.entries(other.foreignKeys)) {
        if (typeof fk !== "string" && fk.tableTo === rename.table) other.foreignKeys[name] = replaceColumn(fk, rename.from, rename.to, ["columnsTo"]) as typeof fk;
      }
    }
    statements.push(`ALTER TABLE ${qualified(dialect, table)} RENAME COLUMN ${quote(dialect, rename.from)} TO ${quote(dialect, rename.to)};`);
  }
  return { prev: renamed, statements };
}

function replaceInForeignKeys(table: TableSnapshot, renames: Record<"tableFrom" | "tableTo", { from: string; to: string }>): void {
  for (const fk of Object.values(table.foreignKeys)) {
    if (typeof fk === "string") continue;
    for (const field of ["tableFrom", "tableTo"] as const) if (fk[field] === renames[field].from) fk[field] = renames[field].to;
  }
}

/** Replaces `from` with `to` in the named fields (a string, or an array of strings) anywhere below `value`. */
function replaceColumn(value: unknown, from: string, to: string, fields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceColumn(item, from, to, fields));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => {
    if (!fields.includes(key)) return [key, replaceColumn(item, from, to, fields)];
    if (item === from) return [key, to];
    return [key, Array.isArray(item) ? item.map((entry) => (entry === from ? to : replaceColumn(entry, from, to, fields))) : replaceColumn(item, from, to, fields)];
  }));
}

function renameTableStatement(dialect: Dialect, table: TableSnapshot, to: string): string {
  if (dialect === "mysql") return `RENAME TABLE ${quote(dialect, table.name)} TO ${quote(dialect, to)};`;
  return `ALTER TABLE ${qualified(dialect, table)} RENAME TO ${quote(dialect, to)};`;
}

function qualified(dialect: Dialect, table: TableSnapshot): string {
  return table.schema ? `${quote(dialect, table.schema)}.${quote(dialect, table.name)}` : quote(dialect, table.name);
}

/** drizzle-kit's own quoting: double quotes for PostgreSQL, backticks for SQLite and MySQL. */
function quote(dialect: Dialect, name: string): string {
  return dialect === "pg" ? `"${name}"` : `\`${name}\``;
}

function list(names: string[]): string {
  return names.join(", ");
}
