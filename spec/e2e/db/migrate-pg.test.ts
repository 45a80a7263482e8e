/** `sdk db migrate` and `sdk db status` on PostgreSQL at DATABASE_URL, a fresh database per test. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withDatabase } from "../../helpers/databases.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import { removeScratch } from "../../helpers/scratch.ts";
import { POSTGRES, USERS } from "../../helpers/db/migrate-app.ts";
import { migrationScenarios } from "../../helpers/db/scenarios.ts";

migrationScenarios(test, POSTGRES);

test("PostgreSQL: DATABASE_URL is read from .env when the environment has none; without either, the error names both and an example", () =>
  withDatabase("pg", async (database) => {
    const root = copyFixture("fixtures", "migrate-pg");
    try {
      const missing = runSdk(["db", "migrate", "--root", root], { env: { DATABASE_URL: "" } });
      assert.is(missing.code, 1);
      assert.match(missing.stderr, "error SDK_DATABASE_URL_MISSING .env: DATABASE_URL is not set");
      assert.match(missing.stderr, "DATABASE_URL=postgres://");

      writeFileSync(path.join(root, ".env"), `DATABASE_URL=${database.url}\n`);
      expectSuccess(runSdk(["db", "migrate", "--root", root], { env: { DATABASE_URL: "" } }), "sdk db migrate with .env");
      assert.equal((await database.query("SELECT name FROM d1_migrations ORDER BY id")).map((row) => row.name).slice(0, 1), [USERS]);
    } finally {
      removeScratch(root);
    }
  }));

test("PostgreSQL: a server that does not answer is a located error, not a stack trace", () => {
  const root = copyFixture("fixtures", "migrate-pg");
  try {
    const result = runSdk(["db", "status", "--root", root], { env: { DATABASE_URL: "postgres://postgres:secret@127.0.0.1:1/nowhere" } });
    assert.is(result.code, 1);
    assert.match(result.stderr, "error SDK_DATABASE_UNREACHABLE .env: cannot connect to PostgreSQL database nowhere on 127.0.0.1:1");
    assert.not.match(result.stderr, "    at ");
  } finally {
    removeScratch(root);
  }
});

test.run();
