/**
 * A Redis server that takes connections and commands but never answers must not hang the app: a
 * built server of the e2e-redis fixture (an ISR path and a `* * * * *` cron, clock preloaded to
 * start before 03:00 UTC), on node, bun and deno, given SDK_REDIS_URL at a redis-server stopped
 * with SIGSTOP or at a listener that accepts and never writes. Requests to the cached path answer
 * MISS within the command deadline, the outage is logged once, the 03:00 tick is skipped, SIGTERM
 * still drains promptly, and after SIGCONT the shared cache works again.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../../compiler/ir.ts";
import { COMMAND_DEADLINE_MS } from "../../../runtime/redis/connection.ts";
import { AT_THREE, startWithClock } from "../../helpers/e2e/clock.ts";
import { buildFixture } from "../../helpers/e2e/targets.ts";
import { startPrivateRedis, startSilentListener } from "../../helpers/redis.ts";
import type { RunningServer } from "../../helpers/spawn-server.ts";
import { waitFor } from "../../helpers/wait-for.ts";

/** The deadline, the fixture's render (a line of JSON) and a busy test machine's slack. */
const ANSWERS_WITHIN_MS = COMMAND_DEADLINE_MS + 1_500;
/** SIGTERM to exit while Redis is stalled: a pending command ends with the connection. */
const DRAINS_WITHIN_MS = 5_000;
const NOT_ANSWERING = /\[sdk\] Redis at 127\.0\.0\.1:\d+ is not answering/g;
const SKIPPED = `[sdk] cron "* * * * *" due at ${AT_THREE} skipped: its lock at Redis`;

interface Timed {
  readonly cache: string | null;
  readonly ms: number;
}

/** The cached path, timed; a request that hangs fails after ANSWERS_WITHIN_MS plus a margin instead of stalling the test. */
async function timedRender(server: RunningServer): Promise<Timed> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(`${server.url}/api/rendered`, { signal: AbortSignal.timeout(ANSWERS_WITHIN_MS + 5_000) });
  } catch (error) {
    throw new Error(`the cached path did not answer in ${Math.round(performance.now() - started)} ms: ${(error as Error).message}`);
  }
  assert.is(response.status, 200, "a request always renders, whatever Redis does");
  await response.arrayBuffer();
  return { cache: response.headers.get("x-sdk-cache"), ms: Math.round(performance.now() - started) };
}

async function runs(server: RunningServer): Promise<string[]> {
  return ((await (await fetch(`${server.url}/api/instance`)).json()) as { runs: string[] }).runs;
}

/**
 * While Redis is stalled: ten requests at once, then five one after another, each a MISS within the
 * deadline, and one warning for all of them. The times, in ms, are returned for the log.
 */
async function expectMissesWithin(server: RunningServer): Promise<{ together: number[]; after: number[] }> {
  const check = (answer: Timed, which: string) => {
    assert.is(answer.cache, "MISS", which);
    assert.ok(answer.ms <= ANSWERS_WITHIN_MS, `${which} answered after ${answer.ms} ms, not within ${ANSWERS_WITHIN_MS} ms`);
    return answer.ms;
  };
  const together = (await Promise.all(Array.from({ length: 10 }, () => timedRender(server)))).map((answer, i) => check(answer, `request ${i} of the burst`));
  const after: number[] = [];
  for (let i = 0; i < 5; i++) after.push(check(await timedRender(server), `request ${i} after the burst`));
  assert.is(server.output().match(NOT_ANSWERING)?.length, 1, "one warning for the outage, not one per request");
  return { together, after };
}

/** The 03:00 tick skipped, since its lock could not be asked for: a job run twice is worse than late. */
async function expectTickSkipped(server: RunningServer): Promise<void> {
  await waitFor("the skipped 03:00 tick", async () => (server.output().includes(SKIPPED) ? true : undefined), { timeoutMs: 30_000 });
  assert.equal(await runs(server), []);
}

/** SIGTERM drains promptly and exits 0; a failure carries the server's output, and the first failure is the one reported. */
async function withServer(server: RunningServer, use: () => Promise<void>): Promise<void> {
  const failure = await use().then(
    () => undefined,
    (cause: Error) => cause,
  );
  const started = performance.now();
  const exit = await server.stop().catch((error: Error) => error);
  const ms = Math.round(performance.now() - started);
  const stopped = exit instanceof Error ? exit.message : exit.code !== 0 ? `exit after SIGTERM: ${JSON.stringify(exit)}` : ms > DRAINS_WITHIN_MS ? `SIGTERM took ${ms} ms` : "";
  if (failure || stopped) {
    throw new Error(`${[failure?.message, stopped].filter(Boolean).join("\nthen: ")}\n--- server output ---\n${server.output()}`);
  }
}

const builds = new Map<Target, string>();
function built(target: Exclude<Target, "edge">): string {
  if (!builds.has(target)) builds.set(target, buildFixture("e2e-redis", target));
  return builds.get(target)!;
}

for (const target of ["node", "bun", "deno"] as const) {
  test(`${target}: a redis-server stopped with SIGSTOP: cached paths answer MISS within the deadline, one warning, the tick skipped; after SIGCONT entries are shared again`, async () => {
    const redis = await startPrivateRedis();
    try {
      const server = await startWithClock(built(target), target, { SDK_REDIS_URL: redis.url });
      await withServer(server, async () => {
        assert.is((await timedRender(server)).cache, "MISS");
        await waitFor("the entry in Redis", async () => ((await timedRender(server)).cache === "HIT" ? true : undefined));
        redis.pause();
        const times = await expectMissesWithin(server);
        console.log(`  ${target}, redis-server stopped: the cached path answered in ${times.together.join(", ")} ms (10 at once), then ${times.after.join(", ")} ms`);
        await expectTickSkipped(server);

        redis.resume();
        await waitFor("the reconnection", async () => (server.output().includes(`Redis at 127.0.0.1:${redis.port} answers again.`) ? true : undefined));
        await waitFor("a HIT from Redis again", async () => ((await timedRender(server)).cache === "HIT" ? true : undefined));
      });
    } finally {
      await redis.stop();
    }
  });

  test(`${target}: a listener that accepts and never answers: cached paths answer MISS within the deadline, one warning, the tick skipped`, async () => {
    const hole = await startSilentListener();
    try {
      const server = await startWithClock(built(target), target, { SDK_REDIS_URL: hole.url });
      await withServer(server, async () => {
        const times = await expectMissesWithin(server);
        console.log(`  ${target}, silent listener: the cached path answered in ${times.together.join(", ")} ms (10 at once), then ${times.after.join(", ")} ms`);
        await expectTickSkipped(server);
      });
    } finally {
      await hole.close();
    }
  });
}

test.run();
