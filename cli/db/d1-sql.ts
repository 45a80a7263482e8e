/**
 * The SQL a D1 migration target runs, the same for the local database (Miniflare) and the deployed
 * one (the platform's query API), so both keep wrangler's `d1_migrations` history and read the
 * catalog alike. Kept free of Miniflare so the remote target does not load it.
 */
import type { ForeignKeyRule } from "./cascade-guard.js";
import { HISTORY_TABLE } from "./target.js";

/** Word for word what wrangler creates, so `wrangler d1 migrations apply` shares the table. */
export const CREATE_HISTORY = `CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE}(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** SQLite's own tables and D1's `_cf_` tables, which D1 does not let a query read. */
export const USER_TABLES = `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`;

export const APPLIED_MIGRATIONS = `SELECT name, applied_at FROM ${HISTORY_TABLE} ORDER BY id`;
export const RECORD_MIGRATION = `INSERT INTO ${HISTORY_TABLE} (name) VALUES (?1)`;
export const FOREIGN_KEYS = `SELECT m.name AS child, f."table" AS parent, f.on_delete FROM (${USER_TABLES}) AS m, pragma_foreign_key_list(m.name) AS f`;

const DELETE_RULES = new Set(["CASCADE", "SET NULL", "SET DEFAULT"]);

export function countRows(table: string): string {
  return `SELECT count(*) AS n FROM "${table.replaceAll('"', '""')}"`;
}

/** The references whose ON DELETE changes the child rows, from FOREIGN_KEYS' rows. */
export function deleteRules(rows: readonly { child: string; parent: string; on_delete: string }[]): ForeignKeyRule[] {
  return rows
    .filter((row) => DELETE_RULES.has(row.on_delete.toUpperCase()))
    .map((row) => ({ child: row.child, parent: row.parent, onDelete: row.on_delete.toUpperCase() as ForeignKeyRule["onDelete"] }));
}

/** `CURRENT_TIMESTAMP` is UTC written `2026-11-25 09:30:00`. */
export function sqliteTimeToIso(value: string): string {
  const date = new Date(`${value.replace(" ", "T")}Z`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** D1 prefixes its errors; the reason is what follows. */
export function d1Reason(message: string): string {
  return message.replace(/^D1_ERROR: /, "");
}
