/**
 * End to end: the e2e-api fixture built for every target by the real CLI, started in its real
 * runtime (node, bun, deno; workerd through `sdk preview`), and held to one list of assertions.
 */
import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkConditionalGet, runCases } from "./e2e/assertions.js";
import { request } from "./e2e/http.js";
import { copyFixture, expectSuccess, REPO_ROOT, runSdk, SDK_BIN } from "./helpers/sdk-cli.js";
import { freePort, startServer, type RunningServer } from "./helpers/spawn-server.js";

const bin = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);

const RUNTIMES = {
  node: (entry: string) => [process.execPath, entry],
  bun: (entry: string) => [bin("bun"), entry],
  deno: (entry: string) => [bin("deno"), "run", "-A", entry],
} as const;

function buildFixture(target: string): string {
  const root = copyFixture("fixtures", "e2e-api");
  expectSuccess(runSdk(["build", "--root", root, "--target", target]), `sdk build --target ${target}`);
  return root;
}

async function withServer(start: () => Promise<RunningServer>, use: (server: RunningServer) => Promise<void>): Promise<void> {
  const server = await start();
  try {
    await use(server);
  } catch (cause) {
    throw new Error(`${(cause as Error).message}\n--- server output ---\n${server.output()}`);
  } finally {
    await server.stop();
  }
}

async function assertAll(url: string): Promise<void> {
  const failures = await runCases(url);
  assert.equal(failures, [], failures.join("\n"));
  await checkConditionalGet(url);
}

async function assertGracefulShutdown(server: RunningServer): Promise<void> {
  const slow = request(server.url, { path: "/api/slow?ms=600" });
  await new Promise((resolve) => setTimeout(resolve, 150));
  server.kill("SIGTERM");
  const res = await slow;
  assert.is(res.status, 200, "the in-flight request finished");
  assert.equal(JSON.parse(res.body), { waited: 600 });
  const exit = await server.exited;
  assert.is(exit.code, 0, `exit after SIGTERM: ${JSON.stringify(exit)}`);
}

for (const [target, command] of Object.entries(RUNTIMES)) {
  test(`${target}: the built app answers every assertion and shuts down gracefully`, async () => {
    const root = buildFixture(target);
    const [cmd, ...args] = command(path.join(root, "dist", "server", "index.mjs"));
    const port = String(await freePort());
    await withServer(() => startServer(cmd, args, { PORT: port, HOST: "127.0.0.1" }), async (server) => {
      await assertAll(server.url);
      await assertGracefulShutdown(server);
    });
  });
}

test("edge: the worker in workerd (sdk preview, Miniflare) answers every assertion", async () => {
  const root = buildFixture("edge");
  const port = String(await freePort());
  await withServer(
    () => startServer(process.execPath, [SDK_BIN, "preview", "--root", root, "--port", port], {}, { timeoutMs: 60_000 }),
    (server) => assertAll(server.url),
  );
});

test("node: dist/ copied alone to an empty folder runs with no node_modules", async () => {
  const root = buildFixture("node");
  const alone = mkdtempSync(path.join(os.tmpdir(), "sdk-standalone-"));
  cpSync(path.join(root, "dist"), path.join(alone, "dist"), { recursive: true });
  const port = String(await freePort());
  await withServer(
    () => startServer(process.execPath, [path.join(alone, "dist", "server", "index.mjs")], { PORT: port, HOST: "127.0.0.1" }, { cwd: alone }),
    (server) => assertAll(server.url),
  );
});

test.run();
