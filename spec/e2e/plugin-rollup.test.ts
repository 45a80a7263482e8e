/**
 * sdkPlugin() alone in a plain Rollup build produces the same runnable dist/ as `sdk build`: a
 * build script in the app imports `rollup` and `sdk/plugin` from the installed package, as a
 * user's would.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertEveryCase } from "../helpers/e2e/assertions.ts";
import { startBuilt, withServer } from "../helpers/e2e/targets.ts";
import { copyFixture } from "../helpers/sdk-cli.ts";

const BUILD_SCRIPT = `import { rollup } from "rollup";
import { sdkPlugin } from "sdk/plugin";

const bundle = await rollup({ plugins: [sdkPlugin({ target: "node" })] });
await bundle.write({ dir: "dist/server", format: "es", entryFileNames: "index.mjs", inlineDynamicImports: true });
await bundle.close();
`;

test("rollup({ plugins: [sdkPlugin({ target: 'node' })] }) builds the app, and it answers every assertion", async () => {
  const root = copyFixture("fixtures", "e2e-api");
  writeFileSync(path.join(root, "build.mjs"), BUILD_SCRIPT);
  const build = spawnSync(process.execPath, ["build.mjs"], { cwd: root, encoding: "utf8" });
  assert.is(build.status, 0, `${build.stdout}\n${build.stderr}`);
  await withServer(() => startBuilt(root, "node"), (server) => assertEveryCase(server.url));
});

test("sdkPlugin() alone on an app with pages says it does not build pages yet", () => {
  const root = copyFixture("fixtures", "e2e-pages");
  writeFileSync(path.join(root, "build.mjs"), BUILD_SCRIPT);
  const build = spawnSync(process.execPath, ["build.mjs"], { cwd: root, encoding: "utf8" });
  assert.is.not(build.status, 0);
  assert.match(build.stderr, "sdkPlugin() in a plain Rollup build does not build pages/ yet");
});

test.run();
