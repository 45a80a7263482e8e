/**
 * The database as users run it, per dialect: `sdk db generate` writes the migration from the
 * fixture's db/schema.ts, `sdk db migrate` applies it (D1: the local state under .sdk/state;
 * PostgreSQL and MariaDB: DATABASE_URL), and the built edge worker answers CRUD over HTTP in
 * workerd, reaching D1 through its binding and the servers through the local Hyperdrive stand-in.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Miniflare } from "miniflare";
import { miniflareOptions, type WranglerJson } from "../../cli/preview/miniflare-options.ts";
import { startBuilt, withServer } from "../helpers/e2e/targets.ts";
import { withDatabase, type ServerDialect } from "../helpers/databases.ts";
import { copyFixture, expectSuccess, runSdk } from "../helpers/sdk-cli.ts";

const FIXTURES = { sqlite: "db-d1", pg: "db-pg", mysql: "db-mysql" } as const;

async function crud(url: string): Promise<void> {
  const created = await fetch(`${url}/api/posts`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ title: "first" }) });
  assert.is(created.status, 201);
  assert.equal(await created.json(), { id: 1, title: "first" });
  await fetch(`${url}/api/posts`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ title: "second" }) });
  const list = await fetch(`${url}/api/posts`);
  assert.equal(await list.json(), [{ id: 2, title: "second" }, { id: 1, title: "first" }]);
  const one = await fetch(`${url}/api/posts/1`);
  assert.equal(await one.json(), { id: 1, title: "first" }, "a relational query (db.query.posts) through the schema");
  assert.is((await fetch(`${url}/api/posts/99`)).status, 404);
}

/** The routes `sdk gen model comments ...` wrote: create (checked input), read, update, delete. */
async function generatedCrud(url: string): Promise<void> {
  const post = (body: unknown) => fetch(`${url}/api/comments`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const created = await post({ body: "nice", approved: false });
  assert.is(created.status, 201);
  const row = (await created.json()) as Record<string, unknown>;
  assert.equal([row.id, row.body, row.approved, row.rating], [1, "nice", false, null]);
  assert.type(row.createdAt, "string");
  const refused = await post({ body: 3, extra: true });
  assert.is(refused.status, 422);
  assert.equal(await refused.json(), { errors: { extra: "is not a field of this model", body: "must be a string", approved: "is required" } });
  const patched = await fetch(`${url}/api/comments/1`, { method: "PATCH", body: JSON.stringify({ approved: true, rating: 4.5 }) });
  assert.equal(((await patched.json()) as Record<string, unknown>).approved, true);
  assert.is((await fetch(`${url}/api/comments/1`, { method: "DELETE" })).status, 204);
  assert.is((await fetch(`${url}/api/comments/1`)).status, 404);
}

/** The fixture's own table, a model added by `sdk gen model`, both migrated, then the edge build. */
/** The built worker's `scheduled` export, called in workerd as the platform calls it. */
async function runScheduled(root: string, cron: string, databaseUrl: string): Promise<string> {
  const serverDir = path.join(root, "dist", "server");
  const wrangler = JSON.parse(readFileSync(path.join(serverDir, "wrangler.json"), "utf8")) as WranglerJson;
  const mf = new Miniflare(miniflareOptions(serverDir, wrangler, { port: 0, host: "127.0.0.1" }, { hyperdriveUrl: () => databaseUrl }));
  try {
    const worker = (await mf.getWorker()) as unknown as { scheduled(options: { cron: string }): Promise<{ outcome: string }> };
    return (await worker.scheduled({ cron })).outcome;
  } finally {
    await mf.dispose();
  }
}

function generateMigrateBuild(root: string, env: Record<string, string>): string[] {
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  expectSuccess(runSdk(["gen", "model", "comments", "body:text", "approved:boolean", "rating?:real", "--root", root]), "sdk gen model");
  const migrations = readdirSync(path.join(root, "db", "migrations")).filter((name) => name.endsWith(".sql")).sort();
  assert.equal(migrations.map((name) => name.slice(15)), ["init.sql", "create_comments.sql"]);
  assert.match(readFileSync(path.join(root, "db", "schema.ts"), "utf8"), 'export * from "./schema/comments";');
  expectSuccess(runSdk(["db", "migrate", "--root", root], { env }), "sdk db migrate");
  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"], { env }), "sdk build");
  return migrations.map((name) => readFileSync(path.join(root, "db", "migrations", name), "utf8"));
}

test("D1: generate, gen model, migrate the local state, then CRUD through the built worker; the data outlives the worker", async () => {
  const root = copyFixture("fixtures", FIXTURES.sqlite);
  const [init] = generateMigrateBuild(root, {});
  assert.match(init!, "CREATE TABLE `posts`");
  assert.ok(existsSync(path.join(root, ".sdk", "state", "v3", "d1")), "sdk db migrate wrote the local D1 state sdk dev and preview read");
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    await crud(server.url);
    await generatedCrud(server.url);
  });
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.is(((await (await fetch(`${server.url}/api/posts`)).json()) as unknown[]).length, 2);
  });
});

for (const dialect of ["pg", "mysql"] satisfies ServerDialect[]) {
  test(`${dialect}: generate, gen model, migrate at DATABASE_URL, then CRUD through the built worker and the local Hyperdrive`, async () => {
    await withDatabase(dialect, async (database) => {
      const root = copyFixture("fixtures", FIXTURES[dialect]);
      const env = { DATABASE_URL: database.url };
      generateMigrateBuild(root, env);
      const wrangler = JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
      assert.equal(wrangler.hyperdrive, [{ binding: "DB", id: "local-DB" }], "the connection string is never written into the build");
      await withServer(() => startBuilt(root, "edge", env), async (server) => {
        await crud(server.url);
        await generatedCrud(server.url);
      });
      const rows = await database.query("SELECT title FROM posts ORDER BY id");
      assert.equal(rows.map((row) => row.title), ["first", "second"]);
      if (dialect === "pg") {
        // A scheduled run has its own scope and client, as a request has (crons/nightly-note.ts).
        assert.is(await runScheduled(root, "0 4 * * *", database.url), "ok");
        assert.equal(await database.query("SELECT title FROM posts WHERE id = 3"), [{ title: "from a cron" }]);
      }
    });
  });
}

test.run();
