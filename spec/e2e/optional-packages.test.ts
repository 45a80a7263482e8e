/**
 * The packages only some apps need are optional peers: a fresh install of the tarball carries
 * none of them, and an app that needs one is stopped at build (or at start, for the Redis client
 * a deployment asks for with SDK_REDIS_URL) by SDK_PACKAGE_MISSING, naming what needs it and the
 * npm command, never by an import failing deep in a bundle. Installing what it names fixes it.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withServer } from "../helpers/e2e/targets.ts";
import { copyFixture, installedApps, REPO_ROOT } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";
import { startOnFreePort } from "../helpers/spawn-server.ts";

const own = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { peerDependencies: Record<string, string> };

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const { FORCE_COLOR: _forced, ...inherited } = process.env;
  const result = spawnSync(command, args, { cwd, env: { ...inherited, NO_COLOR: "1", ...env }, encoding: "utf8", timeout: 300_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const npmInstall = (args: string[], cwd: string) => {
  const result = run("npm", ["install", ...args, "--prefer-offline", "--no-audit", "--no-fund"], cwd);
  assert.is(result.code, 0, result.output);
};

let folder = "";
const sdk = (app: string, args: string[], env: Record<string, string> = {}) => run(path.join(folder, "node_modules", ".bin", "sdk"), args, app, env);

/** An app beside the fresh install, so it resolves sdk (and nothing else) from there. */
function app(name: string, files: Record<string, string>): string {
  const dir = path.join(folder, name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

test("a fresh install of the tarball holds none of the optional peers", () => {
  installedApps();
  const tarball = process.env.SDK_TEST_TARBALL!;
  folder = scratchDir("optional-packages");
  copyFileSync(tarball, path.join(folder, path.basename(tarball)));
  writeFileSync(path.join(folder, "package.json"), `${JSON.stringify({ name: "fresh", private: true, type: "module" })}\n`);
  npmInstall([`./${path.basename(tarball)}`], folder);
  const installed = Object.keys(own.peerDependencies).filter((name) => existsSync(path.join(folder, "node_modules", name)));
  assert.equal(installed, []);
});

test("a Vue page without the Vue compiler and plugin stops the build and the dev server at once, naming the command", () => {
  const dir = app("vue-app", { "package.json": '{ "name": "vue-app", "private": true, "type": "module", "dependencies": { "vue": "^3.5.0" } }\n', "pages/index.vue": "<template><h1>Hello</h1></template>\n" });
  const command = `npm install -D "@vitejs/plugin-vue@${own.peerDependencies["@vitejs/plugin-vue"]}" "unplugin-vue@${own.peerDependencies["unplugin-vue"]}"`;
  for (const args of [["build"], ["dev", "--port", "0"]]) {
    const result = sdk(dir, args);
    assert.is.not(result.code, 0, result.output);
    assert.match(result.output, "error SDK_PACKAGE_MISSING pages/index.vue: this page needs @vitejs/plugin-vue, unplugin-vue (for Vue pages)");
    assert.match(result.output, command);
    assert.not.match(result.output, /internal error|Cannot find/);
  }
});

test("a Svelte page in an app without Svelte names the library and its plugin in one command", () => {
  const dir = app("svelte-app", { "package.json": '{ "name": "svelte-app", "private": true, "type": "module" }\n', "pages/index.svelte": "<h1>Hello</h1>\n" });
  const result = sdk(dir, ["build"]);
  assert.is(result.code, 1, result.output);
  assert.match(result.output, `error SDK_UI_LIBRARY_MISSING pages/index.svelte`);
  assert.match(result.output, `npm install svelte && npm install -D "@sveltejs/vite-plugin-svelte@${own.peerDependencies["@sveltejs/vite-plugin-svelte"]}"`);
});

test("a MySQL app without drizzle and mysql2 names both installs, located at the import and the config", () => {
  const dir = copyFixture("fixtures", "db-mysql", folder);
  const result = sdk(dir, ["build"]);
  assert.is(result.code, 1, result.output);
  assert.match(result.output, /error SDK_PACKAGE_MISSING routes\/api\/posts\/\S+\.ts:\d+:\d+: the import of "sdk\/db" needs drizzle-orm, drizzle-kit/);
  assert.match(result.output, `npm install "drizzle-orm@${own.peerDependencies["drizzle-orm"]}" && npm install -D "drizzle-kit@${own.peerDependencies["drizzle-kit"]}"`);
  assert.match(result.output, `error SDK_PACKAGE_MISSING sdk.config.ts: \`database: "mysql"\` needs mysql2 (for a MySQL database)`);
  assert.match(result.output, `npm install "mysql2@${own.peerDependencies.mysql2}"`);
  const generate = sdk(dir, ["db", "generate"]);
  assert.is(generate.code, 1, generate.output);
  assert.match(generate.output, "error SDK_PACKAGE_MISSING: `sdk db generate` needs drizzle-orm, drizzle-kit");
});

test("built without the Redis client, a server asked to share through Redis refuses to start with the command; unasked it serves", async () => {
  const dir = copyFixture("fixtures", "e2e-redis", folder);
  const build = sdk(dir, ["build", "--target", "node"]);
  assert.is(build.code, 0, build.output);
  const entry = path.join(dir, "dist", "server", "index.mjs");
  const refused = run(process.execPath, [entry], dir, { PORT: "0", SDK_REDIS_URL: "redis://127.0.0.1:1" });
  assert.is(refused.code, 1, refused.output);
  assert.match(refused.output, `SDK_PACKAGE_MISSING: SDK_REDIS_URL is set, but this app was built without the Redis client`);
  assert.match(refused.output, `npm install "@redis/client@${own.peerDependencies["@redis/client"]}"`);
  await withServer(
    () => startOnFreePort((port) => ({ command: process.execPath, args: [entry], env: { PORT: String(port), HOST: "127.0.0.1" }, options: { cwd: dir } })),
    async (server) => assert.is((await fetch(`${server.url}/api/instance`)).status, 200),
  );
});

test("installing what the error names, where sdk is installed, makes the Vue app build", () => {
  const dir = path.join(folder, "vue-app");
  const hint = /Hint: run npm install -D (.+)$/m.exec(sdk(dir, ["build"]).output)?.[1];
  assert.ok(hint, "the build printed the command");
  npmInstall(["vue@^3.5.0", ...hint.split(" ").map((arg) => arg.replace(/"/g, ""))], folder);
  const result = sdk(dir, ["build"]);
  assert.is(result.code, 0, result.output);
});

test.run();
