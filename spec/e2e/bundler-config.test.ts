/** `sdk build` reads bundler.config.ts: sdkPlugin() is required and the app's other plugins stay in the build. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "../helpers/e2e/http.js";
import { copyFixture, expectSuccess, runSdk } from "../helpers/sdk-cli.js";
import { startOnFreePort } from "../helpers/spawn-server.js";

test("a plugin from bundler.config.ts runs inside sdk build", async () => {
  const root = copyFixture("fixtures", "bundler-plugin");
  expectSuccess(runSdk(["build", "--root", root, "--target", "node"]), "sdk build");
  const server = await startOnFreePort((port) => ({ command: process.execPath, args: [path.join(root, "dist", "server", "index.mjs")], env: { PORT: String(port), HOST: "127.0.0.1" } }));
  try {
    const res = await request(server.url, { path: "/api/info" });
    assert.is(res.status, 200, res.body);
    assert.equal(JSON.parse(res.body), { builtBy: "user plugin" });
  } finally {
    await server.stop();
  }
});

test("the plugins of bundler.config.ts also build the pages sdk build prerenders", () => {
  const root = copyFixture("fixtures", "bundler-plugin");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "bundler-plugin", private: true, type: "module", dependencies: { react: "*", "react-dom": "*" } }));
  writeFileSync(path.join(root, "sdk.config.ts"), 'import { defineConfig } from "sdk/config";\n\nexport default defineConfig({ output: "static" });\n');
  mkdirSync(path.join(root, "pages"));
  writeFileSync(
    path.join(root, "pages", "index.tsx"),
    '// @ts-expect-error provided by the build-info plugin in bundler.config.ts\nimport info from "virtual:build-info";\n\nexport default function Home() {\n  return <p>built by {info.builtBy}</p>;\n}\n',
  );
  expectSuccess(runSdk(["build", "--root", root, "--target", "node"]), "sdk build");
  assert.match(readFileSync(path.join(root, "dist", "client", "index.html"), "utf8"), "<p>built by <!-- -->user plugin</p>");
});

test("bundler.config.ts without sdkPlugin() is a located error", () => {
  const root = copyFixture("fixtures", "bundler-plugin");
  writeFileSync(path.join(root, "bundler.config.ts"), "export default { plugins: [] };\n");
  const result = runSdk(["build", "--root", root, "--target", "node"]);
  assert.is(result.code, 1);
  assert.match(result.stderr, "error SDK_BUNDLER_NO_PLUGIN bundler.config.ts: bundler.config.ts does not include sdkPlugin()");
});

test("sdkPlugin({ ui }) in bundler.config.ts settles .tsx pages when react and solid-js are both installed", () => {
  const root = copyFixture("broken", "ui-library-ambiguous");
  const ambiguous = runSdk(["build", "--root", root, "--target", "node"]);
  assert.is(ambiguous.code, 1);
  assert.match(ambiguous.stderr, "error SDK_UI_LIBRARY_AMBIGUOUS pages/index.tsx");
  writeFileSync(path.join(root, "bundler.config.ts"), 'import { sdkPlugin } from "sdk/plugin";\n\nexport default { plugins: [sdkPlugin({ ui: "react" })] };\n');
  expectSuccess(runSdk(["build", "--root", root, "--target", "node"]), "sdk build with sdkPlugin({ ui: \"react\" })");
});

test.run();
