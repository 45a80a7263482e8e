/**
 * A database migrations are applied to, one implementation per dialect: local D1 through
 * Miniflare, PostgreSQL through postgres.js, MySQL and MariaDB through mysql2. Each keeps its
 * history in a table shaped like wrangler's `d1_migrations`, so wrangler reads it too.
 */
import type { ForeignKeyRule } from "./cascade-guard.js";
import type { AppliedRow } from "./plan.js";
import type { Statement } from "./statements.js";

export const HISTORY_TABLE = "d1_migrations";

/** Rows per table, by table name, without the history table and the database's own tables. */
export type RowCounts = Map<string, number>;

export interface MigrationTarget {
  /** For the output: `local D1 database DB (.sdk/state)`, `PostgreSQL app on 127.0.0.1:5432`. */
  readonly description: string;
  /** Whether a migration's statements and its history row commit together or not at all. */
  readonly transactional: boolean;
  /** Oldest first; none when the history table does not exist yet. */
  appliedMigrations(): Promise<AppliedRow[]>;
  createHistoryTable(): Promise<void>;
  /** Foreign keys whose ON DELETE changes the referencing rows, from the catalog. */
  foreignKeyRules(): Promise<ForeignKeyRule[]>;
  rowCounts(): Promise<RowCounts>;
  /** Runs the statements in order and records `name` in the history; throws MigrationFailure. */
  apply(name: string, statements: readonly Statement[]): Promise<void>;
  close(): Promise<void>;
}

/** A statement the database refused. `statement` is unknown where the database does not say (a D1 batch). */
export class MigrationFailure extends Error {
  constructor(readonly reason: string, readonly statement?: { index: number; statement: Statement }) {
    super(reason);
    this.name = "MigrationFailure";
  }
}

/** Runs statements one by one, so a failure names the statement. */
export async function runEach(statements: readonly Statement[], run: (sql: string) => Promise<unknown>): Promise<void> {
  for (const [index, statement] of statements.entries()) {
    try {
      await run(statement.sql);
    } catch (cause) {
      throw new MigrationFailure((cause as Error).message, { index, statement });
    }
  }
}

export function sortedCounts(entries: Iterable<[string, number]>): RowCounts {
  return new Map([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
