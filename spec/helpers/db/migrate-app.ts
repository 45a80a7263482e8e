/**
 * A copy of a migration fixture app wired to a fresh database, for running the installed `sdk db`
 * commands against it and looking into the database afterwards. Each fixture has the same three
 * migrations in its dialect (users; posts ON DELETE CASCADE and comments ON DELETE SET NULL;
 * seed rows) and, in `extra/`, a migration that fails at its third statement and one that
 * replaces `users`.
 */
import { appendFileSync, copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import { withDatabase, type Row, type ServerDialect } from "../databases.ts";
import { removeScratch } from "../scratch.ts";
import { copyFixture, runSdk, type CliResult } from "../sdk-cli.ts";

export const USERS = "20260101000000_users.sql";
export const POSTS = "20260102000000_posts.sql";
export const SEED = "20260103000000_seed.sql";
export const FAILING = "20260104000000_tags.sql";
export const REBUILD = "20260105000000_user_email.sql";

export interface MigrateApp {
  root: string;
  /** `sdk db <args> --root <app>`, with DATABASE_URL set for PostgreSQL and MySQL. */
  sdk(...args: string[]): CliResult;
  query(sql: string): Promise<Row[]>;
  /** The names the database's d1_migrations table holds, in the order applied. */
  history(): Promise<string[]>;
  /** sdk.lock.json as text; empty when there is none. */
  lockText(): string;
  /** Copies `extra/<name>` into db/migrations/. */
  addExtra(name: string): void;
  writeMigration(name: string, text: string): void;
  appendToMigration(name: string, text: string): void;
  removeMigration(name: string): void;
}

export interface Dialect {
  label: string;
  transactional: boolean;
  /** Whether a failure names the statement: D1 runs a migration as one batch and does not say which failed. */
  namesFailingStatement: boolean;
  dryRun: boolean;
  /** What replacing users with --allow-data-loss leaves: D1 deletes and nulls the children, the servers keep them. */
  afterRebuild: { posts: number; commentUserId: number | null };
  withApp(body: (app: MigrateApp) => Promise<void>): Promise<void>;
}

function app(root: string, env: Record<string, string>, query: (sql: string) => Promise<Row[]>): MigrateApp {
  const migrations = path.join(root, "db", "migrations");
  return {
    root,
    sdk: (...args) => runSdk(["db", ...args, "--root", root], { env }),
    query,
    history: async () => (await query("SELECT name FROM d1_migrations ORDER BY id")).map((row) => row.name as string),
    lockText: () => (existsSync(path.join(root, "sdk.lock.json")) ? readFileSync(path.join(root, "sdk.lock.json"), "utf8") : ""),
    addExtra: (name) => copyFileSync(path.join(root, "extra", name), path.join(migrations, name)),
    writeMigration: (name, text) => writeFileSync(path.join(migrations, name), text),
    appendToMigration: (name, text) => appendFileSync(path.join(migrations, name), text),
    removeMigration: (name) => rmSync(path.join(migrations, name)),
  };
}

async function withFixture(fixture: string, body: (root: string) => Promise<void>): Promise<void> {
  const root = copyFixture("fixtures", fixture);
  try {
    await body(root);
  } finally {
    removeScratch(root);
  }
}

/**
 * The app's local D1 database `DB` under the id its generated wrangler config gives it
 * (`local-DB`), opened per query so it never shares the state with the CLI under test.
 */
function queryLocalD1(root: string): (sql: string) => Promise<Row[]> {
  return async (sql) => {
    const mf = new Miniflare({ modules: true, script: "export default {}", cf: false, defaultPersistRoot: path.join(root, ".sdk", "state", "v3"), d1Databases: { DB: "local-DB" } });
    try {
      const db = await mf.getD1Database("DB");
      return (await db.prepare(sql).all()).results as Row[];
    } finally {
      await mf.dispose();
    }
  };
}

export const D1: Dialect = {
  label: "D1",
  transactional: true,
  namesFailingStatement: false,
  dryRun: true,
  afterRebuild: { posts: 0, commentUserId: null },
  withApp: (body) => withFixture("migrate-d1", (root) => body(app(root, {}, queryLocalD1(root)))),
};

function serverDialect(dialect: ServerDialect, label: string, fixture: string): Dialect {
  return {
    label,
    transactional: dialect === "pg",
    namesFailingStatement: true,
    dryRun: dialect === "pg",
    afterRebuild: { posts: 2, commentUserId: 2 },
    withApp: (body) => withDatabase(dialect, (database) => withFixture(fixture, (root) => body(app(root, { DATABASE_URL: database.url }, database.query)))),
  };
}

export const POSTGRES = serverDialect("pg", "PostgreSQL", "migrate-pg");
export const MARIADB = serverDialect("mysql", "MariaDB", "migrate-mysql");
