/**
 * A compatibility date newer than the local workerd supports: `sdk build` accepts it (the
 * platform runs it), but `sdk preview` refuses with the config line and the latest date it can
 * run, instead of workerd's stack trace.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { supportedCompatibilityDate } from "miniflare";
import { copyFixture, expectSuccess, runSdk } from "../helpers/sdk-cli.ts";

test("sdk preview names the config line and the newest date it can run", () => {
  const root = copyFixture("fixtures", "e2e-api");
  writeFileSync(path.join(root, "sdk.config.ts"), 'import { defineConfig } from "sdk/config";\n\nexport default defineConfig({\n  worker: { compatibility_date: "2099-01-01" },\n});\n');
  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build");
  const preview = runSdk(["preview", "--root", root, "--port", "0"]);
  assert.is(preview.code, 1, preview.stderr);
  const line = preview.stderr.split("\n").find((l) => l.startsWith("error SDK_COMPAT_DATE_UNSUPPORTED"));
  assert.ok(line, preview.stderr);
  assert.match(line!, "sdk.config.ts:4:33");
  assert.match(line!, `"${supportedCompatibilityDate}" or earlier`);
  assert.not.match(preview.stderr, /\n\s+at /, "no stack trace");
});

test.run();
