/**
 * sdk.lock.json's `resolved` as a build reads it: its values sit over what sdk generates and
 * under the `edge` passthrough of sdk.config.ts, and a value deleted from it is gone from the
 * next build's wrangler.json (the contract), so the local id comes back.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";

const root = copyFixture("fixtures", "db-d1");

interface D1Entry {
  binding: string;
  database_id: string;
}

function built(): { account_id?: string; d1_databases: D1Entry[] } {
  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build");
  return JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
}

function writeLock(resolved: Record<string, unknown>): void {
  writeFileSync(path.join(root, "sdk.lock.json"), `${JSON.stringify({ resolved }, null, 2)}\n`);
}

function writeConfig(edge: Record<string, unknown>): void {
  writeFileSync(path.join(root, "sdk.config.ts"), `import { defineConfig } from "sdk/config";\n\nexport default defineConfig({ edge: ${JSON.stringify(edge)} });\n`);
}

test("resolved values replace the generated ones; the edge passthrough wins over them; deleted, the generated value is back", () => {
  const generated = built().d1_databases[0]!;
  assert.is(generated.binding, "DB");

  writeLock({ account_id: "lock-account", d1_databases: [{ ...generated, database_id: "from-lock" }] });
  const locked = built();
  assert.is(locked.account_id, "lock-account");
  assert.is(locked.d1_databases[0]!.database_id, "from-lock");

  writeConfig({ d1_databases: [{ ...generated, database_id: "from-edge" }] });
  const passthrough = built();
  assert.is(passthrough.d1_databases[0]!.database_id, "from-edge");
  assert.is(passthrough.account_id, "lock-account", "what the passthrough does not name still comes from the lock");

  writeConfig({});
  writeLock({ account_id: "lock-account" });
  const deleted = built();
  assert.equal(deleted.d1_databases[0], generated);
  writeLock({});
  assert.not.ok("account_id" in built());
});

test.run();
