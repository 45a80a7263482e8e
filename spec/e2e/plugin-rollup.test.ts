/**
 * sdkPlugin() alone in a plain Rollup or Rolldown build produces the same runnable dist/ as
 * `sdk build`: a build script in the app imports `rollup` (or `rolldown`) and `sdk/plugin` from
 * the installed package, as a user's would, or Rolldown's own command reads bundler.config.ts.
 * An app with pages builds in Rolldown, its client beside the server, and passes the browser checks.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertEveryCase } from "../helpers/e2e/assertions.ts";
import { closeBrowser } from "../helpers/e2e/browser.ts";
import { assertPagesForms, assertPagesHttp, assertPagesInBrowser } from "../helpers/e2e/pages-assertions.ts";
import { startBuilt, withServer } from "../helpers/e2e/targets.ts";
import { copyFixture, installedApps } from "../helpers/sdk-cli.ts";

test.after(closeBrowser);

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

test("sdkPlugin() in a plain Rollup build of an app with pages says to use Rolldown", () => {
  const root = copyFixture("fixtures", "e2e-pages");
  writeFileSync(path.join(root, "build.mjs"), BUILD_SCRIPT);
  const build = spawnSync(process.execPath, ["build.mjs"], { cwd: root, encoding: "utf8" });
  assert.is.not(build.status, 0);
  assert.match(build.stderr, "SDK_PLUGIN_PAGES");
  assert.match(build.stderr, "sdkPlugin() builds pages/ in Rolldown, not Rollup");
});

const ROLLDOWN_SCRIPT = `import { rolldown } from "rolldown";
import { sdkPlugin } from "sdk/plugin";

const bundle = await rolldown({ plugins: [sdkPlugin({ target: "node" })] });
await bundle.write({ dir: "dist/server", format: "es", entryFileNames: "index.mjs" });
await bundle.close();
`;

const PAGES_LIBRARIES = [
  { name: "react", fixture: "e2e-pages" },
  { name: "vue", fixture: "e2e-pages-vue" },
  { name: "svelte", fixture: "e2e-pages-svelte" },
  { name: "solid", fixture: "e2e-pages-solid" },
];

for (const { name, fixture } of PAGES_LIBRARIES) {
  test(`rolldown({ plugins: [sdkPlugin()] }) builds a ${name} app with pages, client and server, and it passes the browser checks`, async () => {
    const root = copyFixture("fixtures", fixture);
    writeFileSync(path.join(root, "build.mjs"), ROLLDOWN_SCRIPT);
    const build = spawnSync(process.execPath, ["build.mjs"], { cwd: root, encoding: "utf8" });
    assert.is(build.status, 0, `${build.stdout}\n${build.stderr}`);
    assert.ok(readdirSync(path.join(root, "dist", "client", "assets")).some((file) => file.startsWith("entry-")), "the client entry is built");
    await withServer(() => startBuilt(root, "node"), async (server) => {
      // Prerendering is sdk build's: a plain Rolldown build renders those pages per request.
      await assertPagesHttp(server.url, { prerendered: false });
      await assertPagesInBrowser(server.url);
      await assertPagesForms(server.url);
    });
  });
}

test("rolldown -c bundler.config.ts, its plugins [sdkPlugin()], builds the pages sdk build builds from the same file", async () => {
  const root = copyFixture("fixtures", "e2e-pages");
  writeFileSync(path.join(root, "bundler.config.ts"), [
    'import { sdkPlugin } from "sdk/plugin";',
    "",
    'export default { plugins: [sdkPlugin({ target: "node" })], output: { dir: "dist/server", format: "es", entryFileNames: "index.mjs" } };',
    "",
  ].join("\n"));
  const rolldownCli = path.join(installedApps(), "node_modules", "rolldown", "bin", "cli.mjs");
  const build = spawnSync(process.execPath, [rolldownCli, "-c", "bundler.config.ts"], { cwd: root, encoding: "utf8" });
  assert.is(build.status, 0, `${build.stdout}\n${build.stderr}`);
  await withServer(() => startBuilt(root, "node"), async (server) => {
    await assertPagesHttp(server.url, { prerendered: false });
  });
});

test.run();
