/**
 * The packed CLI on older config files and on `edge` mistakes: `sdk deploy --dry-run` converts a
 * wrangler.toml in memory (nothing written, the file left where it is) and reports and sends the
 * file's worker name and compatibility date; `sdk build` refuses a mistyped `edge` field at its
 * line in sdk.config.ts with the field meant, and a durable-object class with no code behind it.
 * No platform is needed: a dry run sends nothing.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const configHome = scratchDir("deploy-legacy-config-home");
const WRANGLER_TOML = `# the old worker\nname = "legacy-toml"\ncompatibility_date = "2025-03-04"\n\n[vars]\nGREETING = "hi"\n`;

test("deploy --dry-run converts wrangler.toml in memory: the file's worker name and date, nothing written", () => {
  const root = copyFixture("fixtures", "deploy-app");
  rmSync(path.join(root, "sdk.config.ts"));
  writeFileSync(path.join(root, "wrangler.toml"), WRANGLER_TOML);
  const run = expectSuccess(runSdk(["deploy", "--dry-run", "--root", root], { env: { SDK_CONFIG_HOME: configHome } }), "sdk deploy --dry-run");
  assert.match(run.stdout, "would convert wrangler.toml into sdk.config.ts");
  assert.match(run.stdout, "worker legacy-toml on account <account id>, compatibility date 2025-03-04");
  assert.match(run.stdout, /POST \/accounts\/<account id>\/workers\/scripts\/legacy-toml\/versions \(multipart: metadata, index\.mjs\)/);
  assert.not.match(run.stdout + run.stderr, "SDK_CONFIG_NOT_CONVERTED");
  const metadata = JSON.parse(readFileSync(path.join(root, ".sdk/deploy/upload/metadata.json"), "utf8"));
  assert.is(metadata.compatibility_date, "2025-03-04");
  assert.ok(metadata.bindings.some((binding: { type: string; name: string; text?: string }) => binding.type === "plain_text" && binding.name === "GREETING" && binding.text === "hi"));
  assert.is(readFileSync(path.join(root, "wrangler.toml"), "utf8"), WRANGLER_TOML, "the file is left as it was");
  assert.not.ok(existsSync(path.join(root, "sdk.config.ts")), "nothing is written");
  assert.not.ok(existsSync(path.join(root, ".sdk/config-migration")));
});

test("sdk build refuses a mistyped edge field at its line, with the field meant", () => {
  const root = copyFixture("fixtures", "deploy-app");
  writeFileSync(path.join(root, "sdk.config.ts"), 'import { defineConfig } from "sdk/config";\n\nexport default defineConfig({\n  edge: { kv_namespace: [{ binding: "CACHE" }] },\n});\n');
  const run = runSdk(["build", "--root", root]);
  assert.is(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stderr, "SDK_CONFIG_UNKNOWN_FIELD sdk.config.ts:4:11: edge.kv_namespace is not a known field");
  assert.match(run.stderr, 'Did you mean "kv_namespaces"?');
  assert.not.match(run.stderr, /\n\s+at /, "no stack trace");
});

test("sdk build refuses a durable-object binding whose class the app does not export", () => {
  const root = copyFixture("fixtures", "deploy-app");
  writeFileSync(path.join(root, "sdk.config.ts"), 'import { defineConfig } from "sdk/config";\n\nexport default defineConfig({\n  edge: { durable_objects: { bindings: [{ name: "ROOM", class_name: "Room" }] } },\n});\n');
  const run = runSdk(["build", "--root", root]);
  assert.is(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stderr, /SDK_EDGE_CLASS_WITHOUT_CODE sdk\.config\.ts:4:\d+: edge\.durable_objects\.bindings\[0\]\.class_name names class Room/);
});

test.run();
