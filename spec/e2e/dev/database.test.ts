/**
 * The database in `sdk dev` on the edge: pending migrations are applied at start, the worker in
 * workerd queries D1 through the state `sdk db migrate` and `sdk preview` use, and the data is
 * there after a restart; PostgreSQL is reached at DATABASE_URL from `.env` through the
 * Hyperdrive stand-in.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withDatabase } from "../../helpers/databases.ts";
import { withDev } from "../../helpers/dev-server.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import type { RunningServer } from "../../helpers/spawn-server.ts";

const addPost = (url: string, title: string) =>
  fetch(`${url}/api/posts`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ title }) });

test("D1: the pending migration is applied at start; rows written in one session are there in the next", async () => {
  const root = copyFixture("fixtures", "db-d1");
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  const first = await withDev(root, async (server) => {
    assert.is((await addPost(server.url, "kept")).status, 201);
  });
  assert.match(first, /applied \d{14}_init\.sql/);
  const second = await withDev(root, async (server) => {
    assert.equal(await (await fetch(`${server.url}/api/posts`)).json(), [{ id: 1, title: "kept" }]);
  });
  assert.not.match(second, "applied", "nothing is pending the second time");
});

test("PostgreSQL: DATABASE_URL from .env reaches the worker's Hyperdrive binding; the migration is applied there", async () => {
  await withDatabase("pg", async (database) => {
    const root = copyFixture("fixtures", "db-pg");
    writeFileSync(path.join(root, ".env"), `DATABASE_URL=${database.url}\n`);
    expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
    await withDev(root, async (server) => {
      assert.is((await addPost(server.url, "in postgres")).status, 201);
      assert.equal(await (await fetch(`${server.url}/api/posts/1`)).json(), { id: 1, title: "in postgres" });
    });
    assert.equal(await database.query("SELECT title FROM posts"), [{ title: "in postgres" }]);
  });
});

test.run();
