/** cli/db/database-url.ts: the one DATABASE_URL check that db migrate, db status, dev and preview share. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { databaseUrl, databaseUrlProblem, hyperdriveConnectionString } from "../../../cli/db/database-url.ts";
import { UserError } from "../../../compiler/diagnostics.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const GOOD_PG = "postgres://app:secret@127.0.0.1:5432/my_app";

test("each rule: set, a URL, the dialect's scheme, a host, a user, a password, a database", () => {
  assert.is(databaseUrlProblem(undefined, "pg"), "is not set");
  assert.is(databaseUrlProblem("", "pg"), "is not set");
  assert.is(databaseUrlProblem("127.0.0.1:5432/my_app", "pg"), "is not a URL");
  assert.match(databaseUrlProblem("mysql://app:secret@127.0.0.1:3306/my_app", "pg")!, "starts with mysql://, but this app's database is PostgreSQL: it must start with postgres:// or postgresql://");
  assert.match(databaseUrlProblem(GOOD_PG, "mysql")!, "starts with postgres://, but this app's database is MySQL: it must start with mysql://");
  assert.match(databaseUrlProblem("https://app:secret@127.0.0.1/my_app")!, "the database must be PostgreSQL or MySQL");
  assert.is(databaseUrlProblem("postgres:///my_app", "pg"), "names no host");
  assert.is(databaseUrlProblem("postgres://127.0.0.1:5432/my_app", "pg"), "names no user");
  assert.match(databaseUrlProblem("postgres://app@127.0.0.1:5432/my_app", "pg")!, /^has no password/);
  assert.match(databaseUrlProblem("postgres://app:secret@127.0.0.1:5432", "pg")!, /^names no database/);
  assert.match(databaseUrlProblem("postgres://app:secret@127.0.0.1:5432/", "pg")!, /^names no database/);
  assert.is(databaseUrlProblem(`${GOOD_PG}?connect_timeout=soon`, "pg"), "has connect_timeout=soon, not a number of seconds from 1 to 300");
  assert.is(databaseUrlProblem(`${GOOD_PG}?connect_timeout=0`, "pg"), "has connect_timeout=0, not a number of seconds from 1 to 300");
  assert.is(databaseUrlProblem(`${GOOD_PG}?connect_timeout=15`, "pg"), null);
  for (const url of [GOOD_PG, "postgresql://app:secret@db.internal/my_app?sslmode=require"]) assert.is(databaseUrlProblem(url, "pg"), null, url);
  assert.is(databaseUrlProblem("mysql://root:secret@127.0.0.1:3306/my_app", "mysql"), null);
  assert.is(databaseUrlProblem("mysql://root:secret@127.0.0.1:3306/my_app"), null, "sdk preview, dialect unknown");
});

function refusal(read: () => string): string {
  try {
    read();
  } catch (cause) {
    if (cause instanceof UserError) return cause.diagnostics.map((d) => `${d.code} ${d.file}: ${d.message.split(" (it names")[0]}`).join("\n");
    throw cause;
  }
  return "accepted";
}

test("db migrate and dev give the same answer for every URL, the one dev refused before included", () => {
  const root = scratchDir("database-url");
  const saved = process.env.DATABASE_URL;
  try {
    for (const url of ["", "not a url", "mysql://app:secret@127.0.0.1/my_app", "postgres://app@127.0.0.1:5432/my_app", "postgres://app:secret@127.0.0.1:5432", `${GOOD_PG}?connect_timeout=soon`, GOOD_PG]) {
      process.env.DATABASE_URL = url;
      const migrate = refusal(() => databaseUrl(root, "pg", "the database to migrate"));
      const dev = refusal(() => hyperdriveConnectionString(root, "DB", "pg"));
      assert.is(migrate, dev, url);
    }
    process.env.DATABASE_URL = "postgres://app@127.0.0.1:5432/my_app";
    assert.match(refusal(() => databaseUrl(root, "pg", "the database to migrate")), "SDK_DATABASE_URL_INVALID .env: DATABASE_URL has no password");
    process.env.DATABASE_URL = "";
    assert.match(refusal(() => databaseUrl(root, "pg", "the database to migrate")), "SDK_DATABASE_URL_MISSING .env: DATABASE_URL is not set");
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
});

test.run();
