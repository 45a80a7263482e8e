/**
 * The connection's deadline: a Redis server that takes a command and never answers (a private
 * redis-server stopped with SIGSTOP, or a listener that accepts and never writes) costs each
 * command at most the deadline, is logged once, and the connection recovers once it answers.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { COMMAND_DEADLINE_MS, connectRedis, type RedisConnection } from "../../../runtime/redis/connection.ts";
import { parseRedisUrl } from "../../../runtime/redis/location.ts";
import { createOutageLog } from "../../../runtime/redis/outage-log.ts";
import { startPrivateRedis, startSilentListener } from "../../helpers/redis.ts";
import { waitFor } from "../../helpers/wait-for.ts";

/** The deadline plus what a busy test machine may add before the timer's callback runs. */
const GIVES_UP_WITHIN_MS = COMMAND_DEADLINE_MS + 1_000;
const NO_REPLY = new RegExp(`Redis at 127\\.0\\.0\\.1:\\d+ is not answering \\(no reply within ${COMMAND_DEADLINE_MS} ms\\)`);

function connect(url: string): { redis: RedisConnection; lines: string[] } {
  const location = parseRedisUrl(url);
  if (typeof location === "string") throw new Error(location);
  const lines: string[] = [];
  const log = { warn: (line: string) => lines.push(line), log: (line: string) => lines.push(line) };
  return { redis: connectRedis(location, createOutageLog(location.address, log)), lines };
}

interface Settled {
  readonly outcome: "answered" | "rejected" | "still waiting";
  readonly ms: number;
}

/** How `command` ended and after how long, waiting no longer than `limitMs` (a hang is a result, not a stuck test). */
async function settle(command: Promise<unknown>, limitMs = GIVES_UP_WITHIN_MS + 2_000): Promise<Settled> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await Promise.race([
    command.then(
      () => "answered" as const,
      () => "rejected" as const,
    ),
    new Promise<"still waiting">((resolve) => (timer = setTimeout(() => resolve("still waiting"), limitMs))),
  ]);
  clearTimeout(timer);
  return { outcome, ms: Math.round(performance.now() - started) };
}

function assertGaveUp(settled: Settled, what: string): void {
  assert.is(settled.outcome, "rejected", `${what}: ${JSON.stringify(settled)}`);
  assert.ok(settled.ms <= GIVES_UP_WITHIN_MS, `${what} gave up after ${settled.ms} ms, not within ${GIVES_UP_WITHIN_MS} ms`);
}

const BODY = new TextEncoder().encode("body");

test("a redis-server stopped with SIGSTOP: every command gives up within the deadline, one warning; after SIGCONT it answers again", async () => {
  const server = await startPrivateRedis();
  const { redis, lines } = connect(server.url);
  try {
    await redis.setBytes("entry", BODY, 60_000);
    server.pause();
    // One of each command at once, as concurrent requests and a cron tick would send them.
    const first = await Promise.all([
      settle(redis.getBytes("entry")),
      settle(redis.setBytes("entry", BODY, 60_000)),
      settle(redis.setIfAbsent("lock", "holder", 60_000)),
      settle(redis.deleteIfHolds("lock", "holder")),
    ]);
    first.forEach((settled, i) => assertGaveUp(settled, `command ${i} sent once stopped`));
    // The stalled connection is replaced, so later commands fail at once instead of queueing behind the stuck ones.
    for (let i = 0; i < 5; i++) {
      const settled = await settle(redis.getBytes("entry"));
      assertGaveUp(settled, `request ${i} after the first deadline`);
      assert.ok(settled.ms < COMMAND_DEADLINE_MS / 2, `request ${i} after the first deadline waited ${settled.ms} ms`);
    }
    assert.is(lines.filter((line) => NO_REPLY.test(line)).length, 1, lines.join("\n"));

    server.resume();
    const bytes = await waitFor("an answer after SIGCONT", async () => (await redis.getBytes("entry").catch(() => undefined)) ?? undefined);
    assert.equal([...bytes], [...BODY]);
    assert.ok(lines.some((line) => line.endsWith(`Redis at 127.0.0.1:${server.port} answers again.`)), lines.join("\n"));
  } finally {
    redis.close();
    await server.stop();
  }
});

test("a listener that accepts and never answers the handshake: commands give up within the deadline, one warning", async () => {
  const hole = await startSilentListener();
  const { redis, lines } = connect(hole.url);
  try {
    assertGaveUp(await settle(redis.getBytes("entry")), "the first command");
    for (let i = 0; i < 3; i++) assertGaveUp(await settle(redis.setIfAbsent("lock", "holder", 60_000)), `cron lock ${i}`);
    assert.is(lines.length, 1, lines.join("\n"));
    assert.match(lines[0]!, /Redis at 127\.0\.0\.1:\d+ is not answering/);
  } finally {
    redis.close();
    await hole.close();
  }
});

test("close() while a command waits on a silent server: the command rejects at once and no timer is left behind", async () => {
  const hole = await startSilentListener();
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
  const before = timers();
  const { redis } = connect(hole.url);
  try {
    const waiting = settle(redis.getBytes("entry"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    redis.close();
    const settled = await waiting;
    assert.is(settled.outcome, "rejected", JSON.stringify(settled));
    assert.ok(settled.ms < 1_000, `rejected ${settled.ms} ms after the command, not at close()`);
    assert.is(timers(), before, "every deadline and watchdog timer is cleared");
  } finally {
    redis.close();
    await hole.close();
  }
});

test.run();
