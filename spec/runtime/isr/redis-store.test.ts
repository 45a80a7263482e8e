/**
 * The ISR store over the Redis server of this machine, each test under its own key prefix (deleted
 * afterwards), and over a port where nothing answers: a down Redis costs renders, not errors.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createRedisStore, REFRESH_CLAIM_MS } from "../../../runtime/isr/redis-store.ts";
import { STALE_GRACE_SECONDS, type CachedResponse } from "../../../runtime/isr/store.ts";
import { COMMAND_DEADLINE_MS, connectRedis, type RedisConnection } from "../../../runtime/redis/connection.ts";
import { parseRedisUrl, type RedisLocation } from "../../../runtime/redis/location.ts";
import { createOutageLog } from "../../../runtime/redis/outage-log.ts";
import { deleteKeysUnder, keysUnder, REDIS_URL, startSilentListener, uniquePrefix, withRedis } from "../../helpers/redis.ts";
import { freePort } from "../../helpers/spawn-server.ts";

function location(url: string): RedisLocation {
  const parsed = parseRedisUrl(url);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

/** A connection whose outage lines are collected instead of printed. */
function connect(url = REDIS_URL): { redis: RedisConnection; lines: string[] } {
  const lines: string[] = [];
  const log = { warn: (line: string) => lines.push(line), log: (line: string) => lines.push(line) };
  return { redis: connectRedis(location(url), createOutageLog(location(url).address, log)), lines };
}

async function withStore(name: string, use: (store: ReturnType<typeof createRedisStore>, prefix: string) => Promise<void>): Promise<void> {
  const prefix = uniquePrefix(name);
  const { redis } = connect();
  try {
    await use(createRedisStore(redis, prefix), prefix);
  } finally {
    redis.close();
    await deleteKeysUnder(prefix);
  }
}

const EVERY_BYTE = Uint8Array.from({ length: 256 }, (_, i) => i);

test("an entry round-trips: status, headers in order (repeated ones too), storedAt and a binary body byte for byte", async () => {
  await withStore("round-trip", async (store, prefix) => {
    const entry: CachedResponse = {
      status: 200,
      headers: [["content-type", "application/octet-stream"], ["x-note", "caf\u00e9"], ["x-note", "second"]],
      body: EVERY_BYTE,
      storedAt: 1_700_000_000_123,
    };
    await store.put("/files/raw?page=2", entry, 60);
    const read = await store.get("/files/raw?page=2");
    assert.ok(read);
    assert.equal({ ...read, body: Array.from(read.body) }, { ...entry, body: Array.from(EVERY_BYTE) });
    assert.is(await store.get("/files/other"), undefined);
    assert.equal(await keysUnder(prefix), [`${prefix}entry:/files/raw?page=2`]);
  });
});

test("an entry lives its TTL plus the stale grace, so a stale entry can still be served while it refreshes", async () => {
  await withStore("expiry", async (store, prefix) => {
    await store.put("/page", { status: 200, headers: [], body: new Uint8Array(), storedAt: 1 }, 60);
    const ttlMs = await withRedis((client) => client.pTTL(`${prefix}entry:/page`));
    assert.ok(ttlMs > 60_000 && ttlMs <= (60 + STALE_GRACE_SECONDS) * 1000, `PTTL ${ttlMs}`);
  });
});

test("a value the store did not write under its prefix reads as no entry", async () => {
  await withStore("foreign", async (store, prefix) => {
    await withRedis(async (client) => {
      await client.set(`${prefix}entry:/short`, "ab");
      await client.set(`${prefix}entry:/json`, "\u0000\u0000\u0000\u0005{\"a\":1}");
    });
    assert.is(await store.get("/short"), undefined);
    assert.is(await store.get("/json"), undefined);
  });
});

test("the refresh claim: one holder at a time, with a short expiry, free again once released", async () => {
  await withStore("claim", async (store, prefix) => {
    const release = await store.claimRefresh!("/page");
    assert.type(release, "function");
    assert.is(await store.claimRefresh!("/page"), null, "a second claimant, as another instance would be, is refused");
    const ttlMs = await withRedis((client) => client.pTTL(`${prefix}refresh:/page`));
    assert.ok(ttlMs > 0 && ttlMs <= REFRESH_CLAIM_MS, `PTTL ${ttlMs}`);
    await release!();
    assert.equal(await keysUnder(prefix), []);
    const again = await store.claimRefresh!("/page");
    assert.type(again, "function");
    await again!();
  });
});

test("Redis not answering: reads miss, writes and claims give up quietly, and the outage is logged once", async () => {
  const { redis, lines } = connect(`redis://:sekrit@127.0.0.1:${await freePort()}`);
  try {
    const store = createRedisStore(redis, uniquePrefix("down"));
    for (let i = 0; i < 5; i++) {
      assert.is(await store.get("/page"), undefined);
      await store.put("/page", { status: 200, headers: [], body: new Uint8Array([1]), storedAt: 1 }, 60);
      const release = await store.claimRefresh!("/page");
      assert.type(release, "function", "without a claim to ask for, the instance refreshes itself");
    }
    assert.is(lines.length, 1, lines.join("\n"));
    assert.match(lines[0]!, /^\[sdk\] Redis at 127\.0\.0\.1:\d+ is not answering \(.+\): ISR renders without the shared cache/);
    assert.not.ok(lines[0]!.includes("sekrit"));
  } finally {
    redis.close();
  }
});

test("Redis taking connections and never answering: a read, a write, a claim and its release each give up within the deadline", async () => {
  const hole = await startSilentListener();
  const { redis, lines } = connect(hole.url);
  const timed = async <T>(step: Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step;
    const ms = performance.now() - started;
    assert.ok(ms <= COMMAND_DEADLINE_MS + 1_000, `a step took ${Math.round(ms)} ms`);
    return result;
  };
  try {
    const store = createRedisStore(redis, uniquePrefix("silent"));
    assert.is(await timed(store.get("/page")), undefined);
    await timed(store.put("/page", { status: 200, headers: [], body: new Uint8Array([1]), storedAt: 1 }, 60));
    const release = await timed(store.claimRefresh!("/page"));
    assert.type(release, "function", "without a claim to ask for, the instance refreshes itself");
    await timed(release!());
    assert.is(lines.length, 1, lines.join("\n"));
  } finally {
    redis.close();
    await hole.close();
  }
});

test.run();
