/**
 * PostgreSQL through postgres.js on one connection. DDL is transactional there, so each migration
 * and its history row commit together or not at all. A dry run holds everything in one
 * transaction that is rolled back at the end.
 */
import postgres from "postgres";
import type { ForeignKeyRule } from "./cascade-guard.js";
import { databaseUnreachable } from "./database-url.js";
import { HISTORY_TABLE, runEach, sortedCounts, type MigrationTarget } from "./target.js";

const CREATE_HISTORY = `CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE} (
  id serial PRIMARY KEY,
  name text UNIQUE,
  applied_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
)`;

/** Tables of the schemas the connection's search_path reaches, as unqualified SQL would name them. */
const USER_TABLES = `SELECT c.oid, c.relname AS name FROM pg_class c
  WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relnamespace IN (SELECT oid FROM pg_namespace WHERE nspname = ANY (current_schemas(false)))`;

/** pg_constraint's `confdeltype`: c cascade, n set null, d set default (a, r: the rows stay as they are). */
const FOREIGN_KEYS = `SELECT child.name AS child, parent.name AS parent, k.confdeltype AS rule
  FROM pg_constraint k JOIN (${USER_TABLES}) child ON child.oid = k.conrelid JOIN (${USER_TABLES}) parent ON parent.oid = k.confrelid
  WHERE k.contype = 'f' AND k.confdeltype IN ('c', 'n', 'd')`;
const RULES: Record<string, ForeignKeyRule["onDelete"]> = { c: "CASCADE", n: "SET NULL", d: "SET DEFAULT" };

export async function openPostgres(url: string, options: { description: string; dryRun?: boolean }): Promise<MigrationTarget> {
  const sql = connect(url, options.description);
  try {
    await sql.unsafe(options.dryRun ? "BEGIN" : "SELECT 1");
  } catch (cause) {
    await sql.end({ timeout: 1 });
    throw databaseUnreachable(options.description, cause);
  }
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

  return {
    description: options.description,
    transactional: true,
    async appliedMigrations() {
      const [exists] = await sql.unsafe(`SELECT to_regclass('${HISTORY_TABLE}') IS NOT NULL AS found`);
      if (!exists.found) return [];
      const rows = await sql.unsafe(`SELECT name, applied_at FROM ${HISTORY_TABLE} ORDER BY id`);
      return rows.map((row) => ({ name: row.name as string, appliedAt: (row.applied_at as Date).toISOString() }));
    },
    async createHistoryTable() {
      await sql.unsafe(CREATE_HISTORY);
    },
    async foreignKeyRules() {
      const rows = await sql.unsafe(FOREIGN_KEYS);
      return rows.map((row) => ({ child: row.child as string, parent: row.parent as string, onDelete: RULES[row.rule as string] }));
    },
    async rowCounts() {
      const tables = (await sql.unsafe(USER_TABLES)).map((row) => row.name as string).filter((name) => name !== HISTORY_TABLE);
      const counts: [string, number][] = [];
      for (const name of tables) counts.push([name, Number((await sql.unsafe(`SELECT count(*) AS n FROM ${quote(name)}`))[0].n)]);
      return sortedCounts(counts);
    },
    async apply(name, statements) {
      if (options.dryRun) return record(name, statements);
      await sql.unsafe("BEGIN");
      try {
        await record(name, statements);
        await sql.unsafe("COMMIT");
      } catch (cause) {
        await sql.unsafe("ROLLBACK");
        throw cause;
      }
    },
    async close() {
      // After a failed statement the transaction is aborted, and ROLLBACK still ends it; only a
      // lost connection makes it fail, and the server has rolled back then.
      if (options.dryRun) await sql.unsafe("ROLLBACK").catch(() => undefined);
      await sql.end();
    },
  };

  async function record(name: string, statements: Parameters<MigrationTarget["apply"]>[1]) {
    await runEach(statements, (text) => sql.unsafe(text));
    await sql.unsafe(`INSERT INTO ${HISTORY_TABLE} (name) VALUES ($1)`, [name]);
  }
}

/** One connection: BEGIN and COMMIT must reach the same session. Notices ("already exists, skipping") are not ours to print. */
function connect(url: string, description: string): postgres.Sql {
  try {
    return postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  } catch (cause) {
    throw databaseUnreachable(description, cause);
  }
}
