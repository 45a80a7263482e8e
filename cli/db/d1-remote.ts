/**
 * The deployed D1 database, reached through the platform's query API with the logged-in token:
 * the same history table, catalog queries and row counts as the local one. A migration's
 * statements and its history row go in one `batch` request, which D1 runs as one transaction.
 */
import { PlatformApiError, type PlatformApi } from "../platform/api.js";
import { callPlatform, platformFailure } from "../platform/failures.js";
import { queryD1, type SqlQuery } from "../platform/resources.js";
import { requireLinkedProject } from "../platform/session.js";
import type { DatabaseContext } from "./context.js";
import { APPLIED_MIGRATIONS, countRows, CREATE_HISTORY, d1Reason, deleteRules, FOREIGN_KEYS, RECORD_MIGRATION, sqliteTimeToIso, USER_TABLES } from "./d1-sql.js";
import { deployedD1 } from "./deployed-d1.js";
import { HISTORY_TABLE, MigrationFailure, sortedCounts, type MigrationTarget } from "./target.js";

/** The API's error code for SQL that D1 refused; the message is SQLite's. */
export const D1_QUERY_FAILED = 7500;

export interface RemoteD1Options {
  api: PlatformApi;
  accountId: string;
  databaseId: string;
  /** For the output and the errors: `remote D1 database app (uuid)`. */
  description: string;
}

/** `sdk db migrate --remote`, `sdk db status --remote`: the linked worker's database, as the lock records it. */
export function openLinkedRemoteD1(context: DatabaseContext): MigrationTarget {
  const { api, link } = requireLinkedProject(context.root, "`--remote` (the deployed database)");
  const database = deployedD1(context);
  const label = database.name ? `${database.name} (${database.id})` : database.id;
  return openRemoteD1({ api, accountId: link.accountId, databaseId: database.id, description: `remote D1 database ${label}, binding ${context.binding} of worker ${link.workerName}` });
}

export function openRemoteD1({ api, accountId, databaseId, description }: RemoteD1Options): MigrationTarget {
  const doing = `querying the ${description}`;
  const batch = async <Row>(queries: SqlQuery[]) => (await callPlatform(doing, () => queryD1<Row>(api, accountId, databaseId, { batch: queries }))).map((result) => result.results);
  const all = async <Row>(sql: string) => (await batch<Row>([{ sql }]))[0];
  const userTables = async () => (await all<{ name: string }>(USER_TABLES)).map((row) => row.name);

  return {
    description,
    transactional: true,
    async appliedMigrations() {
      if (!(await userTables()).includes(HISTORY_TABLE)) return [];
      const rows = await all<{ name: string; applied_at: string }>(APPLIED_MIGRATIONS);
      return rows.map((row) => ({ name: row.name, appliedAt: sqliteTimeToIso(row.applied_at) }));
    },
    async createHistoryTable() {
      await all(CREATE_HISTORY);
    },
    async foreignKeyRules() {
      return deleteRules(await all<{ child: string; parent: string; on_delete: string }>(FOREIGN_KEYS));
    },
    async rowCounts() {
      const tables = (await userTables()).filter((name) => name !== HISTORY_TABLE);
      if (!tables.length) return new Map();
      const counts = await batch<{ n: number }>(tables.map((name) => ({ sql: countRows(name) })));
      return sortedCounts(tables.map((name, i) => [name, counts[i][0].n]));
    },
    async apply(name, statements) {
      const queries = [...statements.map((statement) => ({ sql: statement.sql })), { sql: RECORD_MIGRATION, params: [name] }];
      try {
        await queryD1(api, accountId, databaseId, { batch: queries });
      } catch (cause) {
        // SQL that D1 refused is the migration's fault, reported as such; anything else is the platform's.
        if (cause instanceof PlatformApiError && cause.hasCode(D1_QUERY_FAILED)) throw new MigrationFailure(d1Reason(cause.errors.map((e) => e.message).join("; ")));
        throw platformFailure(cause, `applying ${name} to the ${description}`);
      }
    },
    async close() {
      // Every request stands alone: there is no connection to close.
    },
  };
}
