/**
 * End to end: the e2e-api fixture built for every target by the real CLI, started in its real
 * runtime (node, bun, deno; workerd through `sdk preview`), and held to one list of assertions.
 */
import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertEveryCase } from "../helpers/e2e/assertions.js";
import { request } from "../helpers/e2e/http.js";
import { ALL_TARGETS, buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.js";
import { REPO_ROOT, runSdkAsync } from "../helpers/sdk-cli.js";
import { scratchDir } from "../helpers/scratch.js";
import { startOnFreePort, type RunningServer } from "../helpers/spawn-server.js";

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

// The fixture apps share one install without bun and deno; this repository's are on PATH instead.
const WITH_RUNTIMES = [path.join(REPO_ROOT, "node_modules", ".bin"), process.env.PATH].join(path.delimiter);

/** A second `sdk preview` on the port the first one holds: one line naming the port and the fix. */
async function assertPortClashReported(root: string, port: number): Promise<void> {
  const clash = await runSdkAsync(["preview", "--root", root, "--port", String(port), "--host", "127.0.0.1"], { env: { PATH: WITH_RUNTIMES } });
  const output = clash.stdout + clash.stderr;
  assert.is(clash.code, 1, output);
  assert.match(output, `error SDK_PREVIEW_PORT_IN_USE: 127.0.0.1:${port} is in use`, output);
  assert.match(output, `pass another port: sdk preview --port ${port + 1}`);
  assert.not.match(output, /\n\s+at |stack:|internal error/);
}

for (const target of ALL_TARGETS) {
  const shutdown = target === "edge" ? "" : " and shuts down gracefully";
  test(`${target}: the built app answers every assertion${shutdown}; a second preview on its port says the port is in use`, async () => {
    const root = buildFixture("e2e-api", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      await assertEveryCase(server.url);
      await assertPortClashReported(root, server.port);
      if (target !== "edge") await assertGracefulShutdown(server);
    });
  });
}

test("bun: sdk preview with bun neither installed nor on PATH names the runtime and how to get it", async () => {
  // Away from the fixture apps' shared install, and with no folder of PATH holding bun (npm test
  // puts this repository's node_modules/.bin, which does, on it).
  const root = scratchDir("bun-not-installed");
  cpSync(buildFixture("e2e-api", "bun"), root, { recursive: true });
  const pathWithoutBun = (process.env.PATH ?? "").split(path.delimiter).filter((dir) => !existsSync(path.join(dir, "bun"))).join(path.delimiter);
  const preview = await runSdkAsync(["preview", "--root", root, "--port", "0"], { env: { PATH: pathWithoutBun } });
  const output = preview.stdout + preview.stderr;
  assert.is(preview.code, 1, output);
  assert.match(output, "error SDK_PREVIEW_RUNTIME_MISSING: dist/ was built for bun, and bun is neither in the app's node_modules/.bin nor on PATH");
  assert.match(output, "npm install --save-dev bun");
  assert.not.match(output, /\n\s+at /);
});

test("node: dist/ copied alone to an empty folder runs with no node_modules", async () => {
  const root = buildFixture("e2e-api", "node");
  const alone = scratchDir("standalone");
  cpSync(path.join(root, "dist"), path.join(alone, "dist"), { recursive: true });
  await withServer(
    () => startOnFreePort((port) => ({ command: process.execPath, args: [path.join(alone, "dist", "server", "index.mjs")], env: { PORT: String(port), HOST: "127.0.0.1" }, options: { cwd: alone } })),
    (server) => assertEveryCase(server.url),
  );
});

test.run();
