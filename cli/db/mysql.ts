/**
 * MySQL and MariaDB through mysql2 on one connection, one statement at a time
 * (`multipleStatements` stays off). Their DDL is not transactional: each statement commits as it
 * runs, so a migration that fails halfway keeps the statements before the failing one. The
 * history row is written only after the whole file ran, and the failure names the statement.
 */
import mysql from "mysql2/promise";
import type { ForeignKeyRule } from "./cascade-guard.js";
import { databaseUnreachable } from "./database-url.js";
import { HISTORY_TABLE, runEach, sortedCounts, type MigrationTarget } from "./target.js";

const CREATE_HISTORY = `CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE} (
  id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name varchar(255) UNIQUE,
  applied_at timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP
)`;

type Row = Record<string, unknown>;

export async function openMysql(url: string, options: { description: string }): Promise<MigrationTarget> {
  let connection: mysql.Connection;
  try {
    // Times are read and written in UTC, whatever the server's or this machine's zone.
    connection = await mysql.createConnection({ uri: url, multipleStatements: false, timezone: "Z", connectTimeout: 10_000 });
    await connection.query("SET time_zone = '+00:00'");
  } catch (cause) {
    throw databaseUnreachable(options.description, cause);
  }
  const db = connection;
  const rows = async (sql: string, values: unknown[] = []) => (await db.query(sql, values))[0] as Row[];
  const userTables = async () =>
    (await rows("SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'")).map((row) => row.name as string);

  return {
    description: options.description,
    transactional: false,
    async appliedMigrations() {
      if (!(await userTables()).includes(HISTORY_TABLE)) return [];
      const history = await rows(`SELECT name, applied_at FROM ${HISTORY_TABLE} ORDER BY id`);
      return history.map((row) => ({ name: row.name as string, appliedAt: (row.applied_at as Date).toISOString() }));
    },
    async createHistoryTable() {
      await db.query(CREATE_HISTORY);
    },
    async foreignKeyRules() {
      const found = await rows(
        "SELECT TABLE_NAME AS child, REFERENCED_TABLE_NAME AS parent, DELETE_RULE AS rule FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND DELETE_RULE IN ('CASCADE', 'SET NULL', 'SET DEFAULT')",
      );
      return found.map((row) => ({ child: row.child as string, parent: row.parent as string, onDelete: row.rule as ForeignKeyRule["onDelete"] }));
    },
    async rowCounts() {
      const counts: [string, number][] = [];
      for (const name of await userTables()) {
        if (name !== HISTORY_TABLE) counts.push([name, Number((await rows(`SELECT count(*) AS n FROM \`${name.replaceAll("`", "``")}\``))[0].n)]);
      }
      return sortedCounts(counts);
    },
    async apply(name, statements) {
      await runEach(statements, (sql) => db.query(sql));
      await db.query(`INSERT INTO ${HISTORY_TABLE} (name) VALUES (?)`, [name]);
    },
    async close() {
      await db.end();
    },
  };
}
