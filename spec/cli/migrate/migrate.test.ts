/**
 * `sdk migrate` on real files: JSONC with comments and TOML become one sdk.config.ts that the
 * config loader accepts, the old files move to config-migration/ (a copy in .sdk/config-migration/),
 * the scripts' wrangler commands become sdk's, and `sdk build` then uses
 * the converted values. Nothing changes when the new file would be refused or one exists.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";

function legacyApp(files: Record<string, string>): string {
  const root = copyFixture("fixtures", "e2e-queues");
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  return root;
}

test("wrangler.jsonc becomes sdk.config.ts; the build's wrangler.json carries its values", () => {
  const root = legacyApp({
    "wrangler.jsonc": '{\n  // the old worker\n  "name": "legacy-worker",\n  "main": "src/index.ts",\n  "compatibility_date": "2025-03-04",\n  "vars": { "GREETING": "hi", "RETRIES": 3, },\n}\n',
  });
  const result = expectSuccess(runSdk(["migrate", "--root", root]), "sdk migrate");
  assert.match(result.stdout, "--- wrangler.jsonc");
  assert.match(result.stdout, '+    name: "legacy-worker"');
  assert.match(result.stdout, "dropped wrangler.jsonc: main");
  assert.not.ok(existsSync(path.join(root, "wrangler.jsonc")));
  assert.match(readFileSync(path.join(root, ".sdk", "config-migration", "wrangler.jsonc"), "utf8"), "// the old worker");
  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build");
  const wrangler = JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
  assert.is(wrangler.name, "legacy-worker");
  assert.is(wrangler.compatibility_date, "2025-03-04");
  assert.equal(wrangler.vars, { GREETING: "hi", RETRIES: "3" });
});

/** The same worker in each older format: its name, compatibility date and one var. */
const LEGACY_FORMATS: Record<string, string> = {
  "sdk.json": '{ "edge": { "name": "legacy-sdk" }, "worker": { "compatibility_date": "2025-03-04", "vars": { "GREETING": "hi" } } }\n',
  "sdk.jsonc": '{\n  // the old sdk config\n  "edge": { "name": "legacy-sdkc", },\n  "worker": { "compatibility_date": "2025-03-04", "vars": { "GREETING": "hi" } },\n}\n',
  "wrangler.json": '{ "name": "legacy-json", "compatibility_date": "2025-03-04", "vars": { "GREETING": "hi" } }\n',
  "wrangler.jsonc": '{\n  // the old worker\n  "name": "legacy-jsonc",\n  "compatibility_date": "2025-03-04",\n  "vars": { "GREETING": "hi", },\n}\n',
  "wrangler.toml": '# the old worker\nname = "legacy-toml"\ncompatibility_date = "2025-03-04"\n\n[vars]\nGREETING = "hi"\n',
};

for (const [file, text] of Object.entries(LEGACY_FORMATS)) {
  test(`${file}: converted, the original kept byte for byte, and a second run changes nothing`, () => {
    const root = legacyApp({ [file]: text });
    const first = expectSuccess(runSdk(["migrate", "--root", root]), `sdk migrate from ${file}`);
    assert.match(first.stdout, `--- ${file}`);
    assert.not.ok(existsSync(path.join(root, file)), `${file} moved away`);
    assert.is(readFileSync(path.join(root, "config-migration", file), "utf8"), text, "kept where git tracks it");
    assert.is(readFileSync(path.join(root, ".sdk", "config-migration", file), "utf8"), text);
    const config = readFileSync(path.join(root, "sdk.config.ts"), "utf8");
    for (const value of [/name: "legacy-/, /compatibility_date: "2025-03-04"/, /GREETING: "hi"/]) assert.match(config, value);

    const second = expectSuccess(runSdk(["migrate", "--root", root]), "sdk migrate again");
    assert.match(second.stdout, "nothing to convert");
    assert.is(readFileSync(path.join(root, "sdk.config.ts"), "utf8"), config);
    assert.is(readFileSync(path.join(root, ".sdk", "config-migration", file), "utf8"), text, "the backup is not overwritten");
  });
}

test("the scripts' wrangler commands become sdk's once wrangler's config is converted", () => {
  const root = legacyApp({ "wrangler.toml": 'name = "legacy"\n' });
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ ...manifest, scripts: { dev: "wrangler dev", tail: "wrangler tail" } }));
  const result = expectSuccess(runSdk(["migrate", "--root", root]), "sdk migrate");
  assert.equal(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts, { dev: "sdk dev", tail: "wrangler tail" });
  assert.match(result.stdout, 'package.json: scripts.dev: "wrangler dev" -> "sdk dev"');
  assert.match(result.stdout, "note: scripts.tail still runs wrangler");
});

test("an existing sdk.config.ts, or a value the schema refuses, changes nothing", () => {
  const taken = legacyApp({ "wrangler.toml": 'name = "x"\n', "sdk.config.ts": 'import { defineConfig } from "sdk/config";\nexport default defineConfig({});\n' });
  const refused = runSdk(["migrate", "--root", taken]);
  assert.is(refused.code, 1);
  assert.match(refused.stderr, "error SDK_MIGRATE_CONFIG_EXISTS sdk.config.ts");
  assert.ok(existsSync(path.join(taken, "wrangler.toml")));
  const invalid = legacyApp({ "sdk.json": '{ "target": "mainframe" }' });
  const result = runSdk(["migrate", "--root", invalid]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "target");
  assert.not.ok(existsSync(path.join(invalid, "sdk.config.ts")));
  assert.ok(existsSync(path.join(invalid, "sdk.json")));
});

test.run();
