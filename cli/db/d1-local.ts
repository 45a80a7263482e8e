/**
 * The local D1 database, opened through Miniflare on the state `sdk dev` persists, so a migration
 * applied here is what the dev worker sees. D1 has no BEGIN or COMMIT: a migration's statements
 * and its history row go in one `batch`, which D1 runs as one transaction.
 */
import { Miniflare } from "miniflare";
import type { ForeignKeyRule } from "./cascade-guard.js";
import { HISTORY_TABLE, MigrationFailure, sortedCounts, type MigrationTarget } from "./target.js";

export interface LocalD1Options {
  /** The Miniflare persistence root, `<root>/.sdk/state/v3` as Cloudflare's Vite plugin sets it. */
  persistRoot: string;
  binding: string;
  /** The local id the state is kept under (wrangler's rule: `localD1DatabaseId`). */
  databaseId: string;
  description: string;
}

/** Word for word what wrangler creates, so `wrangler d1 migrations apply --local` shares the table. */
const CREATE_HISTORY = `CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE}(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** SQLite's own tables and D1's `_cf_` tables, which D1 does not let a query read. */
const USER_TABLES = `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`;
const DELETE_RULES = new Set(["CASCADE", "SET NULL", "SET DEFAULT"]);

export async function openLocalD1(options: LocalD1Options): Promise<MigrationTarget> {
  // cf: false keeps Miniflare from fetching a real `request.cf` from the network at start.
  const mf = new Miniflare({ modules: true, script: "export default {}", cf: false, defaultPersistRoot: options.persistRoot, d1Databases: { [options.binding]: options.databaseId } });
  const db = await mf.getD1Database(options.binding);
  const all = async <Row>(sql: string): Promise<Row[]> => (await db.prepare(sql).all()).results as Row[];
  const userTables = async (): Promise<string[]> => (await all<{ name: string }>(USER_TABLES)).map((row) => row.name);

  return {
    description: options.description,
    transactional: true,
    async appliedMigrations() {
      if (!(await userTables()).includes(HISTORY_TABLE)) return [];
      const rows = await all<{ name: string; applied_at: string }>(`SELECT name, applied_at FROM ${HISTORY_TABLE} ORDER BY id`);
      return rows.map((row) => ({ name: row.name, appliedAt: sqliteTimeToIso(row.applied_at) }));
    },
    async createHistoryTable() {
      await db.prepare(CREATE_HISTORY).run();
    },
    async foreignKeyRules() {
      const rows = await all<{ child: string; parent: string; on_delete: string }>(
        `SELECT m.name AS child, f."table" AS parent, f.on_delete FROM (${USER_TABLES}) AS m, pragma_foreign_key_list(m.name) AS f`,
      );
      return rows.filter((row) => DELETE_RULES.has(row.on_delete.toUpperCase())).map((row) => ({ child: row.child, parent: row.parent, onDelete: row.on_delete.toUpperCase() as ForeignKeyRule["onDelete"] }));
    },
    async rowCounts() {
      const tables = (await userTables()).filter((name) => name !== HISTORY_TABLE);
      if (!tables.length) return new Map();
      const results: { results: { n: number }[] }[] = await db.batch(tables.map((name) => db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`)));
      return sortedCounts(tables.map((name, i) => [name, results[i].results[0].n]));
    },
    async apply(name, statements) {
      try {
        await db.batch([...statements.map((s) => db.prepare(s.sql)), db.prepare(`INSERT INTO ${HISTORY_TABLE} (name) VALUES (?1)`).bind(name)]);
      } catch (cause) {
        throw new MigrationFailure((cause as Error).message.replace(/^D1_ERROR: /, ""));
      }
    },
    async close() {
      await mf.dispose();
    },
  };
}

/** `CURRENT_TIMESTAMP` is UTC written `2026-11-25 09:30:00`. */
function sqliteTimeToIso(value: string): string {
  const date = new Date(`${value.replace(" ", "T")}Z`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
