/**
 * The Redis server of this machine (`.ci/run` starts it) for tests of what instances share, each
 * test under its own key prefix whose keys it deletes; and private redis-server processes on free
 * ports, for tests that take Redis away.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type Socket } from "node:net";
import { createClient } from "@redis/client";
import { onFreePort, PortTaken } from "./spawn-server.ts";
import { waitFor } from "./wait-for.ts";

export const REDIS_URL = "redis://127.0.0.1:6379";

/** A prefix no other test or run uses. */
export function uniquePrefix(test: string): string {
  return `sdk-test:${test}:${randomUUID()}:`;
}

function plainClient(url: string) {
  return createClient({ url, socket: { reconnectStrategy: false } });
}

/** Runs `use` on a connection of its own, closed afterwards; rejects at once when nothing answers. */
export async function withRedis<T>(use: (client: ReturnType<typeof plainClient>) => Promise<T>, url = REDIS_URL): Promise<T> {
  const client = plainClient(url);
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

export function keysUnder(prefix: string, url = REDIS_URL): Promise<string[]> {
  return withRedis(async (client) => (await client.keys(`${escapeGlob(prefix)}*`)).sort(), url);
}

export function deleteKeysUnder(prefix: string, url = REDIS_URL): Promise<void> {
  return withRedis(async (client) => {
    const keys = await client.keys(`${escapeGlob(prefix)}*`);
    if (keys.length > 0) await client.del(keys);
  }, url);
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** SIGSTOP: the kernel still accepts connections and takes writes, but nothing answers. */
  pause(): void;
  /** SIGCONT: answers again, including what it was sent while paused. */
  resume(): void;
  /** SIGCONT (a stopped process cannot take SIGTERM), SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * A redis-server of the test's own, on `port` (a free one by default), answering before this
 * resolves. A free port may be taken between the probe and redis-server's bind (another test
 * file's workerd binds ephemeral ports); redis-server then exits saying so, and another is tried.
 */
export function startPrivateRedis(port?: number): Promise<PrivateRedis> {
  return port === undefined ? onFreePort(startRedisOn) : startRedisOn(port);
}

async function startRedisOn(port: number): Promise<PrivateRedis> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "ignore"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  // After its output has closed, so the reason it printed is all in `output`.
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (name: NodeJS.Signals) => {
    if (running()) child.kill(name);
  };
  const stop = async () => {
    signal("SIGCONT");
    signal("SIGTERM");
    await exited;
  };
  try {
    // Raced with the exit: what holds a taken port may never answer a ping.
    const answering = () => withRedis(async (client) => ((await client.ping()) === "PONG" ? "answering" : undefined), url);
    const outcome = await waitFor(`redis-server on port ${port}`, () => Promise.race([answering(), exited.then(() => "exited" as const)]));
    if (outcome === "exited") {
      const Failure = /Address already in use/i.test(output) ? PortTaken : Error;
      throw new Failure(`redis-server on port ${port} exited before answering:\n${output}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, url, pause: () => signal("SIGSTOP"), resume: () => signal("SIGCONT"), stop };
}

export interface SilentListener {
  readonly url: string;
  /** Destroys the connections it holds and stops listening. */
  close(): Promise<void>;
}

/** A TCP listener on 127.0.0.1 that accepts every connection and never writes a byte: a black hole. */
export async function startSilentListener(): Promise<SilentListener> {
  const held = new Set<Socket>();
  const server = createServer((socket) => {
    held.add(socket);
    socket.on("error", () => undefined).once("close", () => held.delete(socket));
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the silent listener has no TCP port");
  return {
    url: `redis://127.0.0.1:${address.port}`,
    close: () => {
      for (const socket of held) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
