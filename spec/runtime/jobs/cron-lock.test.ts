/** The cron lock over the Redis server of this machine: two instances ask for each tick, one gets it; a lock that cannot be asked for rejects. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createRedisCronLock, CRON_CLAIM_MS } from "../../../runtime/jobs/cron-lock.ts";
import { COMMAND_DEADLINE_MS, connectRedis } from "../../../runtime/redis/connection.ts";
import { parseRedisUrl, type RedisLocation } from "../../../runtime/redis/location.ts";
import { createOutageLog } from "../../../runtime/redis/outage-log.ts";
import { deleteKeysUnder, keysUnder, REDIS_URL, startSilentListener, uniquePrefix, withRedis } from "../../helpers/redis.ts";
import { freePort } from "../../helpers/spawn-server.ts";

const QUIET = { warn: () => undefined, log: () => undefined };
const THREE = Date.parse("2026-05-01T03:00:00.000Z");

function location(url: string): RedisLocation {
  const parsed = parseRedisUrl(url);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

/** Two instances' locks, each on its own connection as separate processes would be. */
async function withTwoInstances(name: string, use: (a: ReturnType<typeof createRedisCronLock>, b: ReturnType<typeof createRedisCronLock>, prefix: string) => Promise<void>): Promise<void> {
  const prefix = uniquePrefix(name);
  const connections = [0, 1].map(() => connectRedis(location(REDIS_URL), createOutageLog("test", QUIET)));
  try {
    const [a, b] = connections.map((redis) => createRedisCronLock(redis, prefix, "127.0.0.1:6379"));
    await use(a!, b!, prefix);
  } finally {
    for (const redis of connections) redis.close();
    await deleteKeysUnder(prefix);
  }
}

test("each tick goes to exactly one of two instances asking at once, keyed by expression and due minute", async () => {
  await withTwoInstances("one-winner", async (a, b, prefix) => {
    const [first, second] = await Promise.all([a.claim("* * * * *", THREE), b.claim("* * * * *", THREE)]);
    assert.equal([first, second].sort(), [false, true]);
    assert.is(await a.claim("* * * * *", THREE), false, "a late instance finds the tick taken");
    assert.equal(await keysUnder(prefix), [`${prefix}cron:* * * * *:${THREE}`]);
    const ttlMs = await withRedis((client) => client.pTTL(`${prefix}cron:* * * * *:${THREE}`));
    assert.ok(ttlMs > 0 && ttlMs <= CRON_CLAIM_MS, `PTTL ${ttlMs}`);
  });
});

test("another minute or another expression is another tick", async () => {
  await withTwoInstances("ticks", async (a, b) => {
    assert.is(await a.claim("* * * * *", THREE), true);
    assert.is(await b.claim("* * * * *", THREE + 60_000), true);
    assert.is(await b.claim("0 3 * * *", THREE), true);
  });
});

test("a lock that cannot be asked for rejects, so the scheduler skips the run", async () => {
  const redis = connectRedis(location(`redis://127.0.0.1:${await freePort()}`), createOutageLog("test", QUIET));
  try {
    const lock = createRedisCronLock(redis, uniquePrefix("down"), "127.0.0.1:1");
    let rejected = false;
    await lock.claim("* * * * *", THREE).catch(() => (rejected = true));
    assert.ok(rejected);
  } finally {
    redis.close();
  }
});

test("a lock at a server that accepts and never answers rejects within the deadline, so the tick is skipped, not stuck", async () => {
  const hole = await startSilentListener();
  const redis = connectRedis(location(hole.url), createOutageLog("test", QUIET));
  try {
    const lock = createRedisCronLock(redis, uniquePrefix("silent"), "127.0.0.1:1");
    const started = performance.now();
    const outcome = await lock.claim("* * * * *", THREE).then(String, (error: Error) => error.message);
    assert.is(outcome, `no reply within ${COMMAND_DEADLINE_MS} ms`);
    assert.ok(performance.now() - started <= COMMAND_DEADLINE_MS + 1_000);
  } finally {
    redis.close();
    await hole.close();
  }
});

test.run();
