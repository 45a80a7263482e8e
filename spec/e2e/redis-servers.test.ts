/**
 * Several instances behind one address behave as one edge deployment: two built servers with the
 * same SDK_REDIS_URL (the Redis server of this machine, a key prefix per test) share ISR entries
 * and run each cron tick once, on node, bun and deno. On node also: Redis going away and coming
 * back (a private redis-server), unreachable at a cron tick, and a malformed URL. Clocks are
 * preloaded to start before 03:00 UTC (e2e/clock.ts), so the `* * * * *` tick comes in seconds.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../compiler/ir.ts";
import { AT_THREE, startWithClock } from "../helpers/e2e/clock.ts";
import { request } from "../helpers/e2e/http.ts";
import { buildFixture, startBuilt } from "../helpers/e2e/targets.ts";
import { deleteKeysUnder, REDIS_URL, startPrivateRedis, uniquePrefix } from "../helpers/redis.ts";
import { freePort, type RunningServer } from "../helpers/spawn-server.ts";
import { waitFor } from "../helpers/wait-for.ts";

const SHARED_LINE = "ISR entries and cron runs are shared through Redis at";
const ANOTHER_RUNS_IT = `[sdk] cron "* * * * *" due at ${AT_THREE}: another instance runs it`;
const NOT_ANSWERING = /\[sdk\] Redis at 127\.0\.0\.1:\d+ is not answering/g;

interface Rendered {
  readonly cache: string | null;
  readonly body: string;
}

/** Every instance is asked for one public host, as behind a load balancer: ISR keys carry the origin. */
async function rendered(server: RunningServer): Promise<Rendered> {
  const response = await request(server.url, { path: "/api/rendered", headers: { host: "shop.example" } });
  assert.is(response.status, 200, "a request always renders, whatever Redis does");
  return { cache: (response.headers["x-sdk-cache"] as string | undefined) ?? null, body: response.body };
}

async function instance(server: RunningServer): Promise<{ id: string; runs: string[] }> {
  return (await fetch(`${server.url}/api/instance`)).json() as Promise<{ id: string; runs: string[] }>;
}

/** Runs `use` on the servers, stops each with SIGTERM and expects exit 0; output is attached to failures. */
async function withServers(servers: RunningServer[], use: () => Promise<void>): Promise<void> {
  try {
    await use();
  } catch (cause) {
    throw new Error(`${(cause as Error).message}\n${servers.map((server, i) => `--- server ${i} output ---\n${server.output()}`).join("\n")}`);
  } finally {
    for (const server of servers) {
      const exit = await server.stop();
      assert.is(exit.code, 0, `exit after SIGTERM: ${JSON.stringify(exit)}\n${server.output()}`);
    }
  }
}

const builds = new Map<Target, string>();
function built(target: Exclude<Target, "edge">): string {
  if (!builds.has(target)) builds.set(target, buildFixture("e2e-redis", target));
  return builds.get(target)!;
}

for (const target of ["node", "bun", "deno"] as const) {
  test(`${target}: two instances share ISR entries through Redis and run the 03:00 tick once between them`, async () => {
    const prefix = uniquePrefix(`e2e-${target}`);
    const env = { SDK_REDIS_URL: REDIS_URL, SDK_REDIS_PREFIX: prefix };
    const root = built(target);
    const a = await startWithClock(root, target, env);
    const b = await startWithClock(root, target, env).catch(async (error: unknown) => {
      await a.stop();
      throw error;
    });
    try {
      await withServers([a, b], async () => {
        for (const server of [a, b]) assert.match(server.output(), `${SHARED_LINE} 127.0.0.1:6379`);
        const first = await rendered(a);
        assert.is(first.cache, "MISS");
        const renderedBy = (JSON.parse(first.body) as { renderedBy: string }).renderedBy;
        assert.is(renderedBy, (await instance(a)).id);
        assert.is.not(renderedBy, (await instance(b)).id);
        // A stores the entry after answering; B serves A's render, body for body, once it is there.
        const fromB = await waitFor("B serving A's entry", async () => {
          const answer = await rendered(b);
          return answer.cache === "HIT" ? answer : undefined;
        });
        assert.is(fromB.body, first.body);

        const runs = await waitFor("the 03:00 tick, taken by one instance and declined by the other", async () => {
          const all = [...(await instance(a)).runs, ...(await instance(b)).runs];
          const declined = a.output().includes(ANOTHER_RUNS_IT) || b.output().includes(ANOTHER_RUNS_IT);
          return all.length > 0 && declined ? all : undefined;
        }, { timeoutMs: 30_000 });
        assert.equal(runs, [AT_THREE]);
        assert.not.match(a.output() + b.output(), NOT_ANSWERING);
      });
    } finally {
      await deleteKeysUnder(prefix);
    }
  });
}

test("node: Redis going away costs renders, not errors, with one warning per outage; once back, entries are shared again", async () => {
  let redis = await startPrivateRedis();
  try {
    const server = await startBuilt(built("node"), "node", { SDK_REDIS_URL: redis.url });
    await withServers([server], async () => {
      assert.is((await rendered(server)).cache, "MISS");
      await waitFor("the entry in Redis", async () => ((await rendered(server)).cache === "HIT" ? true : undefined));
      await redis.stop();
      for (let i = 0; i < 5; i++) assert.is((await rendered(server)).cache, "MISS");
      assert.is(server.output().match(NOT_ANSWERING)?.length, 1, "one warning for the outage, not one per request");
      assert.match(server.output(), "ISR renders without the shared cache and cron runs are skipped until it answers again.");

      redis = await startPrivateRedis(redis.port);
      await waitFor("the reconnection", async () => (server.output().includes(`Redis at 127.0.0.1:${redis.port} answers again.`) ? true : undefined));
      await waitFor("an entry stored in the new Redis", async () => ((await rendered(server)).cache === "HIT" ? true : undefined));
    });
  } finally {
    await redis.stop();
  }
});

test("node: Redis unreachable at a tick skips the run with an error naming the host, never the password", async () => {
  const port = await freePort();
  const server = await startWithClock(built("node"), "node", { SDK_REDIS_URL: `redis://:sekrit@127.0.0.1:${port}` });
  await withServers([server], async () => {
    assert.is((await rendered(server)).cache, "MISS");
    const skipped = `[sdk] cron "* * * * *" due at ${AT_THREE} skipped: its lock at Redis 127.0.0.1:${port} could not be taken`;
    await waitFor("the skipped tick", async () => (server.output().includes(skipped) ? true : undefined), { timeoutMs: 30_000 });
    assert.equal((await instance(server)).runs, []);
    assert.not.ok(server.output().includes("sekrit"));
  });
});

test("node: a malformed SDK_REDIS_URL stops the server at start, saying what is wrong and the expected shape", () => {
  const entry = path.join(built("node"), "dist", "server", "index.mjs");
  const result = spawnSync(process.execPath, [entry], { env: { ...process.env, SDK_REDIS_URL: "localhost:6379", PORT: "0", HOST: "127.0.0.1" }, encoding: "utf8", timeout: 20_000 });
  assert.is(result.status, 1, result.stdout + result.stderr);
  assert.match(result.stderr, "SDK_REDIS_URL does not start with redis:// or rediss://; expected redis://[[user]:password@]host[:port][/db] or rediss://... for TLS.");
  assert.not.match(result.stdout, "Listening on");
});

/** The text of each chunk a node build split off (the Redis client, @hono/node-server). */
function chunkTexts(server: string): string[] {
  const dir = path.join(server, "chunks");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((file) => file.endsWith(".mjs")).map((file) => readFileSync(path.join(dir, file), "utf8"));
}

test("the Redis client sits in a chunk of its own, loaded only with SDK_REDIS_URL; an app with neither ISR nor crons has none", () => {
  const server = path.join(built("node"), "dist", "server");
  assert.is(chunkTexts(server).filter((text) => text.includes("disableOfflineQueue")).length, 1);
  assert.not.match(readFileSync(path.join(server, "index.mjs"), "utf8"), "disableOfflineQueue");

  const plain = path.join(buildFixture("e2e-api", "node"), "dist", "server");
  assert.is(chunkTexts(plain).filter((text) => /SDK_REDIS_URL|disableOfflineQueue/.test(text)).length, 0);
  assert.not.match(readFileSync(path.join(plain, "index.mjs"), "utf8"), /SDK_REDIS_URL|disableOfflineQueue/);
});

test.run();
