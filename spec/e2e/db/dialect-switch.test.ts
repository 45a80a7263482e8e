/**
 * Switching `database` to another dialect with migrations of the old one in db/migrations/: every
 * command that would use them stops with SDK_DB_DIALECT_CHANGED at the schema's import, before
 * any database is touched, and the printed fix (`sdk db generate --switch-dialect`, then
 * `sdk db migrate`) works. Real PostgreSQL and MariaDB, a fresh database each.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withDatabase, type ServerDatabase } from "../../helpers/databases.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture, expectSuccess, runSdk, type CliResult } from "../../helpers/sdk-cli.ts";
import { removeScratch } from "../../helpers/scratch.ts";

const PG_SCHEMA = `import { pgTable, serial, text } from "sdk/schema-pg";

export const posts = pgTable("posts", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
});
`;

const MYSQL_SCHEMA = `import { int, mysqlTable, text } from "sdk/schema-mysql";

export const posts = mysqlTable("posts", {
  id: int("id").primaryKey().autoincrement(),
  title: text("title").notNull(),
});
`;

function switchTo(root: string, dialect: "pg" | "mysql", schema: string): void {
  writeFileSync(path.join(root, "sdk.config.ts"), `import { defineConfig } from "sdk/config";\n\nexport default defineConfig({ database: "${dialect}" });\n`);
  writeFileSync(path.join(root, "db", "schema.ts"), schema);
}

function sdk(root: string, url: string, ...args: string[]): CliResult {
  return runSdk([...args, "--root", root], { env: { DATABASE_URL: url } });
}

/** Refused with the located error and its fix, never drizzle-kit's internal error or a stack trace. */
function assertSwitchRefused(result: CliResult, from: string, to: string, what: string): void {
  const output = `${result.stdout}\n${result.stderr}`;
  assert.is(result.code, 1, `${what} should fail\n${output}`);
  // At the specifier of the schema's builder import (column 39 in both schemas), whichever command found it.
  assert.match(output, `error SDK_DB_DIALECT_CHANGED db/schema.ts:1:39: db/migrations/ holds `, what);
  assert.match(output, `holds ${from} migrations (db/migrations/meta/`, what);
  assert.match(output, `this app's database is now ${to}`, what);
  assert.match(output, "run `sdk db generate --switch-dialect`", what);
  assert.not.match(output, "ZodError", what);
  assert.not.match(output, "    at ", what);
}

async function tablesOf(database: ServerDatabase, dialect: "pg" | "mysql"): Promise<string[]> {
  const sql = dialect === "pg"
    ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1"
    : "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1";
  return (await database.query(sql)).map((row) => String(row.name));
}

function lock(root: string): { migrations: Record<string, { name: string }[]> } {
  return JSON.parse(readFileSync(path.join(root, "sdk.lock.json"), "utf8"));
}

test("D1 to PostgreSQL: generate, migrate, status, build and dev refuse at the schema's import, the database untouched; the printed fix works", () =>
  withDatabase("pg", async (database) => {
    const root = copyFixture("fixtures", "db-d1");
    try {
      expectSuccess(sdk(root, "", "db", "generate"), "generate for D1");
      expectSuccess(sdk(root, "", "db", "migrate"), "migrate into local D1");
      const d1Migrations = readdirSync(path.join(root, "db", "migrations")).filter((name) => name.endsWith(".sql"));
      assert.equal(lock(root).migrations.DB.map((entry) => entry.name), d1Migrations);

      switchTo(root, "pg", PG_SCHEMA);
      assertSwitchRefused(sdk(root, database.url, "db", "generate"), "SQLite (D1)", "PostgreSQL", "db generate");
      assertSwitchRefused(sdk(root, database.url, "db", "migrate"), "SQLite (D1)", "PostgreSQL", "db migrate");
      assertSwitchRefused(sdk(root, database.url, "db", "status"), "SQLite (D1)", "PostgreSQL", "db status");
      assertSwitchRefused(sdk(root, database.url, "build"), "SQLite (D1)", "PostgreSQL", "build");
      const dev = await startDev(root, [], { DATABASE_URL: database.url }).then(
        async (server) => (await server.stop(), `sdk dev started\n${server.output()}`),
        (cause: Error) => cause.message,
      );
      assert.match(dev, /exit|exited/i, dev);
      assert.match(dev, "error SDK_DB_DIALECT_CHANGED db/schema.ts:1:39:", dev);
      assert.equal(await tablesOf(database, "pg"), [], "no SQLite SQL ran against PostgreSQL");

      const switched = expectSuccess(sdk(root, database.url, "db", "generate", "--switch-dialect"), "generate --switch-dialect");
      assert.match(switched.stdout, "moved the SQLite (D1) migrations to db/migrations-sqlite/ and its history in sdk.lock.json to migrations.DB-sqlite");
      assert.equal(readdirSync(path.join(root, "db", "migrations-sqlite")).filter((name) => name.endsWith(".sql")), d1Migrations);
      assert.equal(lock(root).migrations["DB-sqlite"].map((entry) => entry.name), d1Migrations);
      assert.is(lock(root).migrations.DB, undefined);
      const pgMigrations = readdirSync(path.join(root, "db", "migrations")).filter((name) => name.endsWith(".sql"));
      assert.is(pgMigrations.length, 1);
      assert.match(readFileSync(path.join(root, "db", "migrations", pgMigrations[0]!), "utf8"), 'CREATE TABLE "posts"');

      expectSuccess(sdk(root, database.url, "db", "migrate"), "migrate into PostgreSQL");
      assert.equal(await tablesOf(database, "pg"), ["d1_migrations", "posts"]);
      assert.equal(lock(root).migrations.DB.map((entry) => entry.name), pgMigrations);
      expectSuccess(sdk(root, database.url, "db", "status"), "status after the switch");
      // The printed command again is harmless: nothing left to switch, nothing to generate.
      assert.match(expectSuccess(sdk(root, database.url, "db", "generate", "--switch-dialect"), "generate --switch-dialect twice").stdout, "nothing to generate");
    } finally {
      removeScratch(root);
    }
  }));

test("PostgreSQL to MySQL: refused before the MySQL database is touched; the printed fix works", () =>
  withDatabase("pg", (pg) =>
    withDatabase("mysql", async (mysql) => {
      const root = copyFixture("fixtures", "db-pg");
      try {
        expectSuccess(sdk(root, pg.url, "db", "generate"), "generate for PostgreSQL");
        expectSuccess(sdk(root, pg.url, "db", "migrate"), "migrate into PostgreSQL");

        switchTo(root, "mysql", MYSQL_SCHEMA);
        assertSwitchRefused(sdk(root, mysql.url, "db", "generate"), "PostgreSQL", "MySQL", "db generate");
        assertSwitchRefused(sdk(root, mysql.url, "db", "migrate"), "PostgreSQL", "MySQL", "db migrate");
        assert.equal(await tablesOf(mysql, "mysql"), [], "no PostgreSQL SQL ran against MySQL");

        expectSuccess(sdk(root, mysql.url, "db", "generate", "--switch-dialect"), "generate --switch-dialect");
        assert.ok(existsSync(path.join(root, "db", "migrations-pg")));
        expectSuccess(sdk(root, mysql.url, "db", "migrate"), "migrate into MySQL");
        assert.equal(await tablesOf(mysql, "mysql"), ["d1_migrations", "posts"]);
        assert.equal(await tablesOf(pg, "pg"), ["d1_migrations", "posts"], "the PostgreSQL database keeps what it had");
      } finally {
        removeScratch(root);
      }
    })));

test("a DATABASE_URL without a password, once accepted by db migrate and refused by dev, is refused by both with the same error", () =>
  withDatabase("pg", async (database) => {
    const root = copyFixture("fixtures", "db-pg");
    try {
      expectSuccess(sdk(root, database.url, "db", "generate"), "generate");
      const url = database.url.replace(":sdk_test@", "@");
      const migrate = sdk(root, url, "db", "migrate");
      assert.is(migrate.code, 1);
      assert.match(migrate.stderr, "error SDK_DATABASE_URL_INVALID .env: DATABASE_URL has no password");
      assert.not.match(migrate.stderr, "    at ");
      assert.equal(await tablesOf(database, "pg"), []);
    } finally {
      removeScratch(root);
    }
  }));

test.run();
