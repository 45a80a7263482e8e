/**
 * `sdk db migrate` and `sdk db status` on the local D1 database `sdk dev` uses (Miniflare's state
 * under .sdk/state), and wrangler reading the same history.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { scratchDir } from "../../helpers/scratch.ts";
import { expectSuccess, installedApps, REPO_ROOT, runSdk } from "../../helpers/sdk-cli.ts";
import { D1, POSTS, REBUILD, SEED, USERS } from "../../helpers/db/migrate-app.ts";
import { migrationScenarios } from "../../helpers/db/scenarios.ts";

migrationScenarios(test, D1);

/**
 * wrangler from this repository, without prompts, banner or update check, in the app's folder; its
 * config, logs and temporary files go under the app too, so they go when the app copy does.
 */
function wrangler(root: string, ...args: string[]) {
  const bin = path.join(REPO_ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
  const home = path.join(root, ".wrangler-home");
  mkdirSync(path.join(home, "tmp"), { recursive: true });
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", XDG_CONFIG_HOME: home, TMPDIR: path.join(home, "tmp"), NO_COLOR: "1" },
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The D1 entry the generated config has (local id `local-DB`), with wrangler's migrations folder set to ours. */
function writeWranglerConfig(root: string): void {
  const config = { name: "migrate-d1", compatibility_date: "2026-04-01", d1_databases: [{ binding: "DB", database_name: "migrate-d1", database_id: "local-DB", migrations_dir: "db/migrations" }] };
  writeFileSync(path.join(root, "wrangler.json"), JSON.stringify(config));
}

test("D1: wrangler reads our history (nothing pending), and what wrangler applies is recorded in sdk.lock.json", () =>
  D1.withApp(async (app) => {
    expectSuccess(app.sdk("migrate"), "sdk db migrate");
    writeWranglerConfig(app.root);
    assert.match(wrangler(app.root, "d1", "migrations", "list", "DB", "--local", "--persist-to", ".sdk/state"), "No migrations to apply");

    app.writeMigration("20260106000000_after.sql", "CREATE TABLE after_tags (id integer);\n");
    wrangler(app.root, "d1", "migrations", "apply", "DB", "--local", "--persist-to", ".sdk/state");
    const result = expectSuccess(app.sdk("migrate"), "sdk db migrate");
    assert.match(result.stdout, "recorded 20260106000000_after.sql in sdk.lock.json with its current sha256");
    assert.match(result.stdout, "nothing to apply: 4 migrations applied");
    assert.equal((JSON.parse(app.lockText()).migrations.DB as { name: string }[]).map((entry) => entry.name), [USERS, POSTS, SEED, "20260106000000_after.sql"]);
  }));

test("D1: `sdk dev` applies pending migrations at start through applyPendingMigrations, from the installed package", () =>
  D1.withApp(async (app) => {
    const { applyPendingMigrations } = await import(path.join(installedApps(), "node_modules", "sdk", "lib", "cli", "db", "apply.js"));
    const applied = (await applyPendingMigrations(app.root)) as { name: string }[];
    assert.equal(applied.map((migration) => migration.name), [USERS, POSTS, SEED]);
    assert.equal(await applyPendingMigrations(app.root), []);
    assert.equal(await app.history(), [USERS, POSTS, SEED]);
  }));

test("D1: guardMigrationFile, for `sdk db generate`, refuses a new file by the local database's references, or returns them when allowed", () =>
  D1.withApp(async (app) => {
    const { guardMigrationFile } = await import(path.join(installedApps(), "node_modules", "sdk", "lib", "cli", "db", "guard-migration.js"));
    const rebuild = path.join(app.root, "extra", REBUILD);
    assert.equal(await guardMigrationFile(app.root, rebuild), [], "no local database yet: nothing references users");
    assert.not.ok(existsSync(path.join(app.root, ".sdk", "state")), "and none is created to find that out");
    expectSuccess(app.sdk("migrate"), "sdk db migrate");
    const refusal: { diagnostics?: { code: string }[] } | null = await guardMigrationFile(app.root, rebuild).then(() => null, (cause: { diagnostics?: { code: string }[] }) => cause);
    assert.equal(refusal?.diagnostics?.map((d) => d.code), ["SDK_MIGRATION_DATA_LOSS", "SDK_MIGRATION_DATA_LOSS"]);
    const allowed = (await guardMigrationFile(app.root, rebuild, { allowDataLoss: true })) as { message: string }[];
    assert.match(allowed[0].message, "which posts references with ON DELETE CASCADE");
    assert.equal(await app.history(), [USERS, POSTS, SEED]);
  }));

test("D1: --remote without a login is refused, pointing at sdk account login; nothing is created (the rest: spec/platform/e2e-account)", () =>
  D1.withApp(async (app) => {
    const loggedOut = { SDK_CONFIG_HOME: scratchDir("no-login"), SDK_API_TOKEN: "", CLOUDFLARE_API_TOKEN: "" };
    const result = runSdk(["db", "migrate", "--remote", "--root", app.root], { env: loggedOut });
    assert.is(result.code, 1);
    assert.match(result.stderr, "error SDK_NOT_LOGGED_IN: `--remote` (the deployed database) needs the platform's API, and sdk is not logged in");
    assert.match(result.stderr, "Hint: run sdk account login");
    assert.not.ok(existsSync(path.join(app.root, ".sdk", "state")));
  }));

test("D1: a file in db/migrations that is not named like a migration stops the run, naming it", () =>
  D1.withApp(async (app) => {
    app.writeMigration("init.sql", "CREATE TABLE x (id integer);\n");
    const result = app.sdk("migrate");
    assert.is(result.code, 1);
    assert.match(result.stderr, "error SDK_MIGRATION_NAME db/migrations/init.sql: init.sql in db/migrations/ is not named YYYYMMDDHHMMSS_name.sql (nor NNNN_name.sql, as wrangler numbers them)");
  }));

test.run();
