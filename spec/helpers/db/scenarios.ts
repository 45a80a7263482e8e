/**
 * What `sdk db migrate` and `sdk db status` must do on every database, run unchanged against
 * local D1, PostgreSQL and MariaDB through the installed CLI.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Test } from "uvu";
import * as assert from "uvu/assert";
import { expectSuccess } from "../sdk-cli.ts";
import { FAILING, POSTS, REBUILD, SEED, USERS, type Dialect, type MigrateApp } from "./migrate-app.ts";

const AFTER = "20260106000000_after.sql";
const LATE = "20260101120000_late.sql";
const AFTER_SQL = "CREATE TABLE after_tags (id int);\n";

async function tableExists(app: MigrateApp, table: string): Promise<boolean> {
  return app.query(`SELECT count(*) AS n FROM ${table}`).then(() => true, () => false);
}

async function count(app: MigrateApp, table: string): Promise<number> {
  return Number((await app.query(`SELECT count(*) AS n FROM ${table}`))[0].n);
}

function lockedNames(app: MigrateApp): string[] {
  return (JSON.parse(app.lockText()).migrations.DB as { name: string }[]).map((entry) => entry.name);
}

function appliedLines(stdout: string): string[] {
  return [...stdout.matchAll(/✓ (\S+\.sql) \d+ ms/g)].map((match) => match[1]);
}

export function migrationScenarios(test: Test, d: Dialect): void {
  test(`${d.label}: applies the migrations in file-name order, recording each in its history and sdk.lock.json; a second run applies nothing`, () =>
    d.withApp(async (app) => {
      const first = expectSuccess(app.sdk("migrate"), "sdk db migrate");
      assert.equal(appliedLines(first.stdout), [USERS, POSTS, SEED]);
      assert.match(first.stdout, "applied 3 migrations");
      assert.equal(await app.history(), [USERS, POSTS, SEED]);
      const lock = JSON.parse(app.lockText());
      const sha256 = (name: string) => createHash("sha256").update(readFileSync(path.join(app.root, "db", "migrations", name))).digest("hex");
      assert.equal(lock.migrations.DB.map((e: { name: string; sha256: string }) => [e.name, e.sha256]), [USERS, POSTS, SEED].map((name) => [name, sha256(name)]));
      assert.is(await count(app, "posts"), 2);
      assert.match(String((await app.query("SELECT title FROM posts WHERE id = 1"))[0].title), /notes;\non the engine$/i, "a `;` ending a line inside a string did not split the statement");

      const lockBefore = app.lockText();
      const again = JSON.parse(expectSuccess(app.sdk("migrate", "--json"), "sdk db migrate --json").stdout);
      assert.equal([again.ok, again.applied, again.alreadyApplied], [true, [], 3]);
      assert.is(app.lockText(), lockBefore);
      assert.equal(await app.history(), [USERS, POSTS, SEED]);
    }));

  test(`${d.label}: a failing migration stops the run; the ones before it stay applied and recorded, the ones after it do not run`, () =>
    d.withApp(async (app) => {
      app.addExtra(FAILING);
      app.writeMigration(AFTER, AFTER_SQL);
      const result = app.sdk("migrate");
      assert.is(result.code, 1, `${result.stdout}\n${result.stderr}`);
      assert.equal(appliedLines(result.stdout), [USERS, POSTS, SEED]);
      assert.match(result.stderr, `error SDK_MIGRATION_FAILED db/migrations/${FAILING}`);
      assert.match(result.stderr, "missing_table");
      assert.match(result.stderr, "The 3 migration(s) before it in this run stay applied.");
      if (d.namesFailingStatement) assert.match(result.stderr, `${FAILING}:3:1: ${FAILING} failed at statement 3 (\`INSERT INTO missing_table (id) VALUES (1)\`)`);
      assert.match(result.stderr, d.transactional ? "It was rolled back and is not recorded as applied." : "statements 1 to 2 of it stay applied, and it is not recorded as applied.");
      assert.equal(await app.history(), [USERS, POSTS, SEED]);
      assert.equal(lockedNames(app), [USERS, POSTS, SEED]);
      assert.is(await tableExists(app, "tags"), !d.transactional, "a transactional database rolled the failing migration back");
      assert.is(await tableExists(app, "after_tags"), false);
    }));

  test(`${d.label}: an applied migration edited since is refused, naming the file, and nothing runs`, () =>
    d.withApp(async (app) => {
      expectSuccess(app.sdk("migrate"), "sdk db migrate");
      app.appendToMigration(USERS, "-- an afterthought\n");
      app.writeMigration(AFTER, AFTER_SQL);
      const result = app.sdk("migrate");
      assert.is(result.code, 1, `${result.stdout}\n${result.stderr}`);
      assert.match(result.stderr, `error SDK_MIGRATION_CHANGED db/migrations/${USERS}: ${USERS} was edited after it was applied`);
      assert.equal(await app.history(), [USERS, POSTS, SEED]);
      assert.is(await tableExists(app, "after_tags"), false);
    }));

  test(`${d.label}: an applied migration deleted since is refused, naming the file`, () =>
    d.withApp(async (app) => {
      expectSuccess(app.sdk("migrate"), "sdk db migrate");
      app.removeMigration(POSTS);
      const result = app.sdk("migrate");
      assert.is(result.code, 1, `${result.stdout}\n${result.stderr}`);
      assert.match(result.stderr, `error SDK_MIGRATION_MISSING db/migrations/${POSTS}: ${POSTS} was applied`);
    }));

  test(`${d.label}: a new migration dated before the last applied one is refused, naming both`, () =>
    d.withApp(async (app) => {
      expectSuccess(app.sdk("migrate"), "sdk db migrate");
      app.writeMigration(LATE, "CREATE TABLE late (id int);\n");
      const result = app.sdk("migrate");
      assert.is(result.code, 1, `${result.stdout}\n${result.stderr}`);
      assert.match(result.stderr, `error SDK_MIGRATION_ORDER db/migrations/${LATE}: ${LATE} is dated before ${SEED}, which is already applied`);
      assert.is(await tableExists(app, "late"), false);
    }));

  test(`${d.label}: replacing a table others reference ON DELETE CASCADE or SET NULL is refused; with --allow-data-loss it applies and the row counts show what happened`, () =>
    d.withApp(async (app) => {
      expectSuccess(app.sdk("migrate"), "sdk db migrate");
      app.addExtra(REBUILD);
      const refused = app.sdk("migrate");
      assert.is(refused.code, 1, `${refused.stdout}\n${refused.stderr}`);
      assert.match(refused.stderr, new RegExp(`error SDK_MIGRATION_DATA_LOSS db/migrations/${REBUILD}:\\d+:1: ${REBUILD} rebuilds table users .*which posts references with ON DELETE CASCADE`));
      assert.match(refused.stderr, "which comments references with ON DELETE SET NULL");
      assert.match(refused.stderr, "sdk db migrate --allow-data-loss");
      assert.equal(await app.history(), [USERS, POSTS, SEED]);
      assert.is(await count(app, "posts"), 2);

      const allowed = expectSuccess(app.sdk("migrate", "--allow-data-loss"), "sdk db migrate --allow-data-loss");
      assert.equal(appliedLines(allowed.stdout), [REBUILD]);
      assert.match(allowed.stderr, "warning SDK_MIGRATION_DATA_LOSS");
      assert.match(allowed.stdout, "rows per table, before and after:");
      assert.match(allowed.stdout, new RegExp(`posts\\s+2\\s+${d.afterRebuild.posts}\\b`));
      assert.match(allowed.stdout, /users\s+2\s+2\b/);
      assert.is(await count(app, "posts"), d.afterRebuild.posts);
      const [comment] = await app.query("SELECT user_id FROM comments WHERE id = 1");
      assert.is(comment.user_id, d.afterRebuild.commentUserId);
      assert.is((await app.query("SELECT email FROM users WHERE id = 1"))[0].email, null);
      assert.equal(await app.history(), [USERS, POSTS, SEED, REBUILD]);
      assert.equal(lockedNames(app), [USERS, POSTS, SEED, REBUILD]);
    }));

  if (d.dryRun) {
    test(`${d.label}: --dry-run applies the pending migrations to a throwaway copy, prints the row counts, and changes nothing`, () =>
      d.withApp(async (app) => {
        expectSuccess(app.sdk("migrate"), "sdk db migrate");
        app.addExtra(REBUILD);
        const lockBefore = app.lockText();
        const dry = expectSuccess(app.sdk("migrate", "--dry-run"), "sdk db migrate --dry-run");
        assert.match(dry.stdout, "(dry run)");
        assert.equal(appliedLines(dry.stdout), [REBUILD]);
        assert.match(dry.stdout, new RegExp(`posts\\s+2\\s+${d.afterRebuild.posts}\\b`));
        assert.match(dry.stdout, "1 migration would apply; dry run on");
        assert.match(dry.stderr, "warning SDK_MIGRATION_DATA_LOSS");
        assert.equal(await app.history(), [USERS, POSTS, SEED]);
        assert.is(await count(app, "posts"), 2);
        assert.is(await app.query("SELECT email FROM users").then(() => "has email", () => "no email"), "no email");
        assert.is(app.lockText(), lockBefore);
      }));
  }

  test(`${d.label}: status lists applied and pending, then changed, missing and out of order (exit 1); --json`, () =>
    d.withApp(async (app) => {
      const fresh = expectSuccess(app.sdk("status"), "sdk db status");
      assert.match(fresh.stdout, new RegExp(`pending\\s+${USERS}`));
      assert.match(fresh.stdout, /\n3 pending\n/);
      expectSuccess(app.sdk("migrate"), "sdk db migrate");
      app.writeMigration(AFTER, AFTER_SQL);
      const clean = JSON.parse(expectSuccess(app.sdk("status", "--json"), "sdk db status --json").stdout);
      assert.equal(clean.migrations.map((m: { name: string; state: string; locked: boolean }) => [m.name, m.state, m.locked]), [
        [USERS, "applied", true],
        [POSTS, "applied", true],
        [SEED, "applied", true],
        [AFTER, "pending", false],
      ]);

      app.appendToMigration(USERS, "-- an afterthought\n");
      app.removeMigration(POSTS);
      app.writeMigration(LATE, "CREATE TABLE late (id int);\n");
      const troubled = app.sdk("status", "--json");
      assert.is(troubled.code, 1, `${troubled.stdout}\n${troubled.stderr}`);
      const report = JSON.parse(troubled.stdout);
      assert.is(report.ok, false);
      assert.equal(report.migrations.map((m: { name: string; state: string }) => [m.name, m.state]), [
        [USERS, "changed"],
        [LATE, "out-of-order"],
        [POSTS, "missing"],
        [SEED, "applied"],
        [AFTER, "pending"],
      ]);
      assert.equal(report.diagnostics.map((diagnostic: { code: string }) => diagnostic.code), ["SDK_MIGRATION_CHANGED", "SDK_MIGRATION_ORDER", "SDK_MIGRATION_MISSING"]);
      const text = app.sdk("status");
      assert.is(text.code, 1, `${text.stdout}\n${text.stderr}`);
      assert.match(text.stdout, "1 applied, 1 pending, 1 changed, 1 missing, 1 out of order");
    }));
}
