/** An ejected edge app's wrangler.json at the project's root: the bundle and assets named from there, the D1 entry naming db/migrations. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { emitTarget } from "../../emitters/emit.js";
import { rootWranglerConfig } from "../../emitters/eject-wrangler.js";
import { scanFixture } from "../helpers/scan-ir.js";

function rootConfig(fixture: string, target: "edge" | "node" = "edge") {
  const ir = scanFixture(fixture, { target });
  const file = rootWranglerConfig(ir, emitTarget(ir, { projectRootFromGenerated: "..", defaultName: fixture }));
  return file && { path: file.path, config: JSON.parse(file.content) };
}

test("the bundle and the assets are named from the root, where wrangler finds the config without -c", () => {
  const { path, config } = rootConfig("e2e-api")!;
  assert.is(path, "wrangler.json");
  assert.is(config.main, "dist/server/index.mjs");
  assert.is(config.assets.directory, "dist/client");
});

test("the D1 entry names the migrations folder, which wrangler d1 migrations apply reads", () => {
  const { config } = rootConfig("db-d1")!;
  assert.equal(config.d1_databases, [{ binding: "DB", database_name: "db-d1", database_id: "local-DB", migrations_dir: "db/migrations" }]);
});

test("a node app has no wrangler.json", () => {
  assert.is(rootConfig("e2e-api", "node"), null);
});

test.run();
