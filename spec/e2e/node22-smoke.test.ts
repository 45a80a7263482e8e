/**
 * Smoke run under Node.js 22, the oldest line most users run (this machine's Node 20 runs the
 * rest of the suite): the packed tarball installed by npm running on Node 22, then `sdk build` for
 * node and edge, the node server, and `sdk preview` (workerd through Miniflare), all on Node 22;
 * and a page with streamed props on the node server, whose writes to the socket Node 22 handles
 * unlike Node 20 (it drops what a corked response holds when the response ends before its uncork).
 * Node 22 comes from the npm registry's `node` package.
 */
import { spawnSync } from "node:child_process";
import { get } from "node:http";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertEveryCase } from "../helpers/e2e/assertions.ts";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";
import { startOnFreePort } from "../helpers/spawn-server.ts";
import { withServer } from "../helpers/e2e/targets.ts";

const NODE_22 = "22.23.3";
const PEERS = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { peerDependencies: Record<string, string> }).peerDependencies;

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

let node22: { node: string; env: Record<string, string> } | undefined;
const nodeTwentyTwo = () => (node22 ??= installNode22());

test(`Node ${NODE_22}: install the tarball, build for node and edge, serve both`, async () => {
  const { node, env } = nodeTwentyTwo();
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

/** The body's chunks as they arrive, each with its time in ms since the request. */
function arrivals(url: string): Promise<{ at: number; text: string }[]> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers: { accept: "text/html" } }, (response) => {
      const chunks: { at: number; text: string }[] = [];
      response.setEncoding("utf8");
      response.on("data", (text: string) => chunks.push({ at: performance.now() - started, text }));
      response.on("end", () => resolve(chunks));
      response.on("error", reject);
    }).on("error", reject);
  });
}

test(`Node ${NODE_22}: a page with streamed props streams whole from the node server`, async () => {
  const { node, env } = nodeTwentyTwo();
  const app = scratchDir("node22-streaming");
  cpSync(path.join(REPO_ROOT, "spec", "fixtures", "e2e-streaming-react"), app, { recursive: true });
  // React's Vite plugin is an optional peer of sdk, which a React app installs (sdk build says so).
  const reactPlugin = `@vitejs/plugin-react@${PEERS["@vitejs/plugin-react"]}`;
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", process.env.SDK_TEST_TARBALL!, reactPlugin], app, env);
  run(node, [path.join(app, "node_modules", "sdk", "cli", "bin.mjs"), "build", "--target", "node"], app, env);
  await withServer(
    () => startOnFreePort((port) => ({ command: node, args: [path.join(app, "dist", "server", "index.mjs")], env: { ...env, PORT: String(port), HOST: "127.0.0.1" } })),
    async (server) => {
      const chunks = await arrivals(`${server.url}/`);
      const html = chunks.map(({ text }) => text).join("");
      assert.ok(chunks[0]!.text.includes('id="loading"') && !chunks[0]!.text.includes("Slow data arrived"), "the shell first, with its fallback");
      assert.ok(chunks[0]!.at < 400, `the shell arrived at ${Math.round(chunks[0]!.at)} ms`);
      assert.match(html, "Slow data arrived");
      assert.ok(html.endsWith("</body></html>"), html.slice(-200));
    },
  );
});

test.run();
