/**
 * The local D1 database, opened through Miniflare on the state `sdk dev` persists, so a migration
 * applied here is what the dev worker sees. D1 has no BEGIN or COMMIT: a migration's statements
 * and its history row go in one `batch`, which D1 runs as one transaction.
 */
import { APPLIED_MIGRATIONS, countRows, CREATE_HISTORY, d1Reason, deleteRules, FOREIGN_KEYS, RECORD_MIGRATION, sqliteTimeToIso, USER_TABLES } from "./d1-sql.js";
import { HISTORY_TABLE, MigrationFailure, sortedCounts, type MigrationTarget } from "./target.js";

export interface LocalD1Options {
  /** The Miniflare persistence root, `<root>/.sdk/state/v3` as Cloudflare's Vite plugin sets it. */
  persistRoot: string;
  binding: string;
  /** The local id the state is kept under (wrangler's rule: `localD1DatabaseId`). */
  databaseId: string;
  description: string;
}

export async function openLocalD1(options: LocalD1Options): Promise<MigrationTarget> {
  // Imported here: Miniflare takes about 0.4 s to load, which commands that never open D1 skip.
  const { Miniflare } = await import("miniflare");
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
      const rows = await all<{ name: string; applied_at: string }>(APPLIED_MIGRATIONS);
      return rows.map((row) => ({ name: row.name, appliedAt: sqliteTimeToIso(row.applied_at) }));
    },
    async createHistoryTable() {
      await db.prepare(CREATE_HISTORY).run();
    },
    async foreignKeyRules() {
      return deleteRules(await all<{ child: string; parent: string; on_delete: string }>(FOREIGN_KEYS));
    },
    async rowCounts() {
      const tables = (await userTables()).filter((name) => name !== HISTORY_TABLE);
      if (!tables.length) return new Map();
      const results: { results: { n: number }[] }[] = await db.batch(tables.map((name) => db.prepare(countRows(name))));
      return sortedCounts(tables.map((name, i) => [name, results[i].results[0].n]));
    },
    async apply(name, statements) {
      try {
        await db.batch([...statements.map((s) => db.prepare(s.sql)), db.prepare(RECORD_MIGRATION).bind(name)]);
      } catch (cause) {
        throw new MigrationFailure(d1Reason((cause as Error).message));
      }
    },
    async close() {
      await mf.dispose();
    },
  };
}
