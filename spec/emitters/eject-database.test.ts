/** An ejected D1 app: db:migrate applies the migrations with wrangler, sdk/db is typed by the schema. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ejectedDatabase } from "../../emitters/eject-database.js";
import { scanFixture } from "../helpers/scan-ir.js";

test("db:migrate applies the migrations with wrangler to the local database wrangler dev uses", () => {
  const { scripts } = ejectedDatabase(scanFixture("db-d1", { target: "edge" }));
  assert.equal(scripts, { "db:migrate": "wrangler d1 migrations apply DB --local" });
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
