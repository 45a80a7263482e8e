/**
 * End to end: the e2e-api fixture built for every target by the real CLI, started in its real
 * runtime (node, bun, deno; workerd through `sdk preview`), and held to one list of assertions.
 */
import { cpSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertEveryCase } from "./e2e/assertions.js";
import { request } from "./e2e/http.js";
import { ALL_TARGETS, buildFixture, startBuilt, withServer } from "./e2e/targets.js";
import { scratchDir } from "./helpers/scratch.js";
import { freePort, startServer, type RunningServer } from "./helpers/spawn-server.js";

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

for (const target of ALL_TARGETS) {
  const shutdown = target === "edge" ? "" : " and shuts down gracefully";
  test(`${target}: the built app answers every assertion${shutdown}`, async () => {
    const root = buildFixture("e2e-api", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      await assertEveryCase(server.url);
      if (target !== "edge") await assertGracefulShutdown(server);
    });
  });
}

test("node: dist/ copied alone to an empty folder runs with no node_modules", async () => {
  const root = buildFixture("e2e-api", "node");
  const alone = scratchDir("standalone");
  cpSync(path.join(root, "dist"), path.join(alone, "dist"), { recursive: true });
  const port = String(await freePort());
  await withServer(
    () => startServer(process.execPath, [path.join(alone, "dist", "server", "index.mjs")], { PORT: port, HOST: "127.0.0.1" }, { cwd: alone }),
    (server) => assertEveryCase(server.url),
  );
});

test.run();
