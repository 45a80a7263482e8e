import { createServer, type Socket } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startPrivateRedis } from "./redis.ts";

test("redis-server on a port something else holds: an error at once, with redis-server's reason", async () => {
  // Accepts and never answers, as an HTTP server does to a Redis ping.
  const held = new Set<Socket>();
  const holder = createServer((socket) => held.add(socket)).listen(0, "127.0.0.1");
  await new Promise((resolve) => holder.once("listening", resolve));
  const address = holder.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const started = Date.now();
  try {
    const outcome = await startPrivateRedis(port).then(
      async (redis) => (await redis.stop(), "started"),
      (error: Error) => error.message,
    );
    assert.match(outcome, `redis-server on port ${port} exited before answering`);
    assert.match(outcome, /Address already in use/i);
    assert.ok(Date.now() - started < 10_000, "not after waitFor's whole timeout");
  } finally {
    for (const socket of held) socket.destroy();
    holder.close();
  }
});

test("a private redis-server on a free port answers, and stops", async () => {
  const redis = await startPrivateRedis();
  await redis.stop();
  assert.ok(redis.port > 0);
});

test.run();
