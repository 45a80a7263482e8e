/** An ejected D1 app: wrangler.json names db/migrations, the scripts migrate and start on one local state, sdk/db is typed by the schema. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ejectedDatabase } from "../../emitters/eject-database.js";
import { scanFixture } from "../helpers/scan-ir.js";

const wranglerFile = (content: object) => ({ path: "wrangler.json", content: JSON.stringify(content) });

test("the D1 entry of wrangler.json gets the migrations folder, relative to dist/server where wrangler reads it", () => {
  const database = ejectedDatabase(scanFixture("db-d1", { target: "edge" }));
  const config = JSON.parse(database.wranglerConfig(wranglerFile({ d1_databases: [{ binding: "DB", database_id: "local-DB" }] })).content);
  assert.equal(config.d1_databases, [{ binding: "DB", database_id: "local-DB", migrations_dir: "../../db/migrations" }]);
  const other = { path: "app.ts", content: "x" };
  assert.is(database.wranglerConfig(other), other);
});

test("db:migrate and start use the same local state, outside dist/", () => {
  const { scripts } = ejectedDatabase(scanFixture("db-d1", { target: "edge" }));
  assert.equal(scripts, {
    start: "wrangler dev -c dist/server/wrangler.json --persist-to .wrangler/state",
    "db:migrate": "wrangler d1 migrations apply DB --local -c dist/server/wrangler.json --persist-to .wrangler/state",
  });
});

test("sdk/db is typed by db/schema.ts from server/db.d.ts", () => {
  const { files } = ejectedDatabase(scanFixture("db-d1", { target: "edge" }));
  assert.is(files.length, 1);
  assert.is(files[0]!.path, "server/db.d.ts");
  assert.match(files[0]!.content, 'schema: typeof import("../db/schema.ts")');
});

test("an app without a database adds nothing", () => {
  const database = ejectedDatabase(scanFixture("e2e-api", { target: "edge" }));
  assert.equal(database.scripts, {});
  assert.equal(database.files, []);
});

test.run();
