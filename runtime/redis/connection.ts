/**
 * The one Redis connection of a server process, over node-redis (`@redis/client`), which node,
 * bun and deno all run through their `node:net`. This module alone imports the client, and only
 * through a dynamic import, so an app's bundle loads it only when `SDK_REDIS_URL` is set.
 *
 * Commands never wait for a connection that is down: the offline queue is off and each command
 * has a timeout, so a request costs a render, not a hang, while the client reconnects behind it.
 */
import { Buffer } from "node:buffer";
import { createClient, RESP_TYPES } from "@redis/client";
import type { RedisLocation } from "./location.js";
import type { OutageLog } from "./outage-log.js";

/** The few commands ISR and the cron lock need, whatever client stands behind them. */
export interface RedisCommands {
  getBytes(key: string): Promise<Uint8Array | null>;
  setBytes(key: string, value: Uint8Array, ttlMs: number): Promise<void>;
  /** `SET key value NX PX ttlMs`: true when this call created the key. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes `key` only while it still holds `value`, so an expired lock taken over by another instance stays. */
  deleteIfHolds(key: string, value: string): Promise<void>;
}

export interface RedisConnection extends RedisCommands {
  /** Ends the connection at once: no command is waited for, so shutdown is prompt. */
  close(): void;
}

const COMMAND_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 2_000;
const DELETE_IF_HOLDS = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

export function connectRedis(location: RedisLocation, outage: OutageLog): RedisConnection {
  const client = createClient({
    url: location.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
  client.on("error", (error: unknown) => outage.failed(error));
  client.on("ready", () => outage.answered());
  // Commands wait for the first attempt only, so a server that just started finds a connection
  // up and does not count the moment before it as an outage.
  const firstAttempt = new Promise<void>((settle) => {
    client.once("ready", settle);
    client.once("error", settle);
  });
  // The reconnect strategy never gives up, so this settles only on success or close().
  client.connect().catch((error: unknown) => outage.failed(error));
  // Bulk strings as bytes: stored bodies are binary.
  const bytes = { [RESP_TYPES.BLOB_STRING]: Buffer } as const;
  const commands = client.withCommandOptions<{ timeout: number; typeMapping: typeof bytes }, typeof bytes>({ timeout: COMMAND_TIMEOUT_MS, typeMapping: bytes });

  async function command<T>(run: () => Promise<T>): Promise<T> {
    await firstAttempt;
    try {
      const result = await run();
      outage.answered();
      return result;
    } catch (error) {
      outage.failed(error);
      throw error;
    }
  }

  return {
    getBytes: (key) => command(() => commands.get(key)),
    setBytes: (key, value, ttlMs) => command(async () => void (await commands.set(key, Buffer.from(value.buffer, value.byteOffset, value.byteLength), { PX: ttlMs }))),
    setIfAbsent: (key, value, ttlMs) => command(async () => (await commands.set(key, value, { NX: true, PX: ttlMs })) !== null),
    deleteIfHolds: (key, value) => command(async () => void (await commands.eval(DELETE_IF_HOLDS, { keys: [key], arguments: [value] }))),
    close: () => client.destroy(),
  };
}
