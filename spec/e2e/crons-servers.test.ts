/**
 * Crons on node, bun and deno: the built server (`dist/server/index.mjs`, unchanged) runs each
 * expression in-process on its schedule, in UTC. A preloaded clock (helpers/fake-clock.mjs)
 * starts seconds before 03:00 UTC, so at 03:00 both `0 3 * * *` files and the `*\/5 * * * *` ones
 * run, as the platform would fire them; what they did is read over HTTP, and SIGTERM stops the
 * schedule with the server.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { AT_THREE, startWithClock } from "../helpers/e2e/clock.ts";
import { buildFixture } from "../helpers/e2e/targets.ts";
import type { RunningServer } from "../helpers/spawn-server.ts";
import { waitFor } from "../helpers/wait-for.ts";

async function runs(server: RunningServer): Promise<string[]> {
  const response = await fetch(`${server.url}/api/runs`);
  return ((await response.json()) as { runs: string[] }).runs;
}

for (const target of ["node", "bun", "deno"] as const) {
  test(`${target}: the crons run in-process at 03:00 UTC, and SIGTERM stops them with the server`, async () => {
    const root = buildFixture("e2e-crons", target);
    const server = await startWithClock(root, target, { CRON_LABEL: "from env" });
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
