/**
 * Smoke run under Node.js 22, the oldest line most users run (this machine's Node 20 runs the
 * rest of the suite): the packed tarball installed by npm running on Node 22, then `sdk build` for
 * node and edge, the node server, and `sdk preview` (workerd through Miniflare), all on Node 22.
 * Node 22 comes from the npm registry's `node` package.
 */
import { spawnSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertEveryCase } from "../helpers/e2e/assertions.ts";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";
import { startOnFreePort } from "../helpers/spawn-server.ts";
import { withServer } from "../helpers/e2e/targets.ts";

const NODE_22 = "22.23.3";

function run(command: string, args: string[], cwd: string, env: Record<string, string>): string {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8", timeout: 300_000 });
  assert.is(result.status, 0, `${command} ${args.join(" ")}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * A folder whose node_modules/.bin holds Node 22, first on PATH so npm and scripts run on it.
 * npm turns on Node 22's module compile cache, kept in the same folder so the run leaves none.
 */
function installNode22(): { node: string; env: Record<string, string> } {
  const dir = scratchDir("node22");
  writeFileSync(path.join(dir, "package.json"), '{ "private": true }\n');
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `node@${NODE_22}`], dir, {});
  const bin = path.join(dir, "node_modules", ".bin");
  const env = { PATH: `${bin}${path.delimiter}${process.env.PATH}`, NODE_COMPILE_CACHE: path.join(dir, "compile-cache") };
  return { node: path.join(bin, "node"), env };
}

test(`Node ${NODE_22}: install the tarball, build for node and edge, serve both`, async () => {
  const { node, env } = installNode22();
  assert.is(run("node", ["--version"], REPO_ROOT, env).trim(), `v${NODE_22}`, "node on PATH is 22");

  const app = scratchDir("node22-app");
  cpSync(path.join(REPO_ROOT, "spec", "fixtures", "e2e-api"), app, { recursive: true });
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", process.env.SDK_TEST_TARBALL!], app, env);
  const sdk = (args: string[]) => run(node, [path.join(app, "node_modules", "sdk", "cli", "bin.mjs"), ...args], app, env);

  sdk(["build", "--target", "node"]);
  await withServer(
    () => startOnFreePort((port) => ({ command: node, args: [path.join(app, "dist", "server", "index.mjs")], env: { ...env, PORT: String(port), HOST: "127.0.0.1" } })),
    (server) => assertEveryCase(server.url),
  );

  sdk(["build", "--target", "edge"]);
  await withServer(
    () => startOnFreePort((port) => ({ command: node, args: [path.join(app, "node_modules", "sdk", "cli", "bin.mjs"), "preview", "--root", app, "--port", String(port)], env, options: { timeoutMs: 60_000 } })),
    (server) => assertEveryCase(server.url),
  );
});

test.run();
