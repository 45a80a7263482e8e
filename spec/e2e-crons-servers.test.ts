/**
 * Crons on node, bun and deno: the built server (`dist/server/index.mjs`, unchanged) runs each
 * expression in-process on its schedule, in UTC. A preloaded clock (helpers/fake-clock.mjs)
 * starts seconds before 03:00 UTC, so at 03:00 both `0 3 * * *` files and the `*\/5 * * * *` ones
 * run, as the platform would fire them; what they did is read over HTTP, and SIGTERM stops the
 * schedule with the server.
 */
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../compiler/ir.ts";
import { buildFixture } from "./e2e/targets.ts";
import { REPO_ROOT } from "./helpers/sdk-cli.ts";
import { freePort, startServer, type RunningServer } from "./helpers/spawn-server.ts";
import { waitFor } from "./helpers/wait-for.ts";

const CLOCK = path.join(REPO_ROOT, "spec", "helpers", "fake-clock.mjs");
const bin = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);

/** Each runtime's way to run the clock module before the server's own code. */
const WITH_CLOCK: Record<Exclude<Target, "edge">, (entry: string) => string[]> = {
  node: (entry) => [process.execPath, "--import", CLOCK, entry],
  bun: (entry) => [bin("bun"), "--preload", CLOCK, entry],
  deno: (entry) => [bin("deno"), "run", "-A", "--preload", CLOCK, entry],
};

// Far enough before 03:00 for the slowest runtime to be listening when the minute turns.
const BEFORE_THREE = "2026-05-01T02:59:52.000Z";
const AT_THREE = "2026-05-01T03:00:00.000Z";

async function startWithClock(root: string, target: Exclude<Target, "edge">): Promise<RunningServer> {
  const [command, ...args] = WITH_CLOCK[target](path.join(root, "dist", "server", "index.mjs"));
  return startServer(command!, args, { PORT: String(await freePort()), HOST: "127.0.0.1", SDK_TEST_CLOCK: BEFORE_THREE, CRON_LABEL: "from env" });
}

async function runs(server: RunningServer): Promise<string[]> {
  const response = await fetch(`${server.url}/api/runs`);
  return ((await response.json()) as { runs: string[] }).runs;
}

for (const target of ["node", "bun", "deno"] as const) {
  test(`${target}: the crons run in-process at 03:00 UTC, and SIGTERM stops them with the server`, async () => {
    const root = buildFixture("e2e-crons", target);
    const server = await startWithClock(root, target);
    try {
      await waitFor("the schedule's start line", async () => (/Crons \(UTC\)/.test(server.output()) ? true : undefined));
      assert.match(server.output(), `Crons (UTC): "*/5 * * * *" next at ${AT_THREE}, "0 3 * * *" next at ${AT_THREE}`);
      assert.equal(await runs(server), [], "nothing runs before its time");

      const ran = await waitFor("the 03:00 runs", async () => {
        const now = await runs(server);
        return now.length >= 4 ? now : undefined;
      }, { timeoutMs: 30_000 });
      assert.equal([...ran].sort(), ["cleanup 0 3 * * * from env", "every-five", "report", "report's background work"]);
      const failure = 'cron crons/broken.ts ("*/5 * * * *") threw';
      await waitFor("the throwing cron's log line", async () => (server.output().includes(failure) ? true : undefined));
      assert.match(server.output(), "broken cron failed");
    } catch (cause) {
      throw new Error(`${(cause as Error).message}\n--- server output ---\n${server.output()}`);
    } finally {
      const exit = await server.stop();
      assert.is(exit.code, 0, `exit after SIGTERM: ${JSON.stringify(exit)}\n${server.output()}`);
    }
  });
}

test.run();
