/**
 * A config file of another tool left at the root (sdk.json/.jsonc, wrangler.json/.jsonc/.toml) is never
 * read: every build, dev start and inspect says so, naming `sdk migrate`, instead of ignoring it.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { unconvertedConfigWarnings } from "../../../compiler/config/unconverted.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const WRANGLER_TOML = `name = "legacy"\ncompatibility_date = "2025-01-01"\n\n[[kv_namespaces]]\nbinding = "CACHE"\nid = "abc"\n`;

test("each file of another tool at the root is one warning at that file, naming sdk migrate", () => {
  const root = scratchDir("unconverted");
  assert.equal(unconvertedConfigWarnings(root), []);
  writeFileSync(path.join(root, "wrangler.toml"), WRANGLER_TOML);
  writeFileSync(path.join(root, "sdk.json"), "{}");
  writeFileSync(path.join(root, "sdk.jsonc"), "{ // the contract's .jsonc variant\n}");
  const warnings = unconvertedConfigWarnings(root);
  assert.equal(warnings.map((w) => [w.code, w.severity, w.file]), [
    ["SDK_CONFIG_NOT_CONVERTED", "warning", "sdk.json"],
    ["SDK_CONFIG_NOT_CONVERTED", "warning", "sdk.jsonc"],
    ["SDK_CONFIG_NOT_CONVERTED", "warning", "wrangler.toml"],
  ]);
  assert.match(warnings[1]!.hint!, "sdk migrate");
});

test("sdk build warns about an unconverted wrangler.toml and still builds; after sdk migrate it is quiet", () => {
  const root = copyFixture("fixtures", "infer-routes");
  writeFileSync(path.join(root, "wrangler.toml"), WRANGLER_TOML);
  const before = expectSuccess(runSdk(["build", "--root", root, "--target", "node"]), "sdk build with a wrangler.toml");
  assert.match(before.stdout + before.stderr, /SDK_CONFIG_NOT_CONVERTED wrangler\.toml/);
  assert.match(before.stdout + before.stderr, "sdk migrate");
  expectSuccess(runSdk(["migrate", "--root", root]), "sdk migrate");
  assert.not.ok(existsSync(path.join(root, "wrangler.toml")), "migrate moved the file aside");
  const after = expectSuccess(runSdk(["build", "--root", root, "--target", "node"]), "sdk build after sdk migrate");
  assert.not.match(after.stdout + after.stderr, "SDK_CONFIG_NOT_CONVERTED");
});

test.run();
