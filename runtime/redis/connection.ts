/**
 * The one Redis connection of a server process. Every command has a deadline that covers its
 * reply (./deadline.ts), so a stalled or silent server costs a request at most that long and
 * reads as a miss; a command past its deadline retires the client it was sent on (./link.ts),
 * since every later command on that socket would queue behind it, and a fresh client takes over.
 */
import { Buffer } from "node:buffer";
import { RedisNoReply, withDeadline } from "./deadline.js";
import { openLink, type Link } from "./link.js";
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
  /** Ends the connection at once: pending commands reject and no timer is left, so shutdown is prompt. */
  close(): void;
}

/** From a command's call to its reply, including the wait for the first connection. */
export const COMMAND_DEADLINE_MS = 2_000;
const DELETE_IF_HOLDS = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

export function connectRedis(location: RedisLocation, outage: OutageLog): RedisConnection {
  let closed = false;
  // Only the first link makes commands wait for its first attempt, so a server that just started
  // finds a connection up; a replacement is used once ready, and commands fail at once before.
  const open = (waitForFirstAttempt: boolean): Link => {
    const opened: Link = openLink(location, outage, { waitForFirstAttempt, onHandshakeStalled: () => replace(opened) });
    return opened;
  };
  let link = open(true);

  function replace(stale: Link): void {
    if (closed || link !== stale) return;
    link = open(false);
    stale.retire();
  }

  async function command<T>(run: (commands: Link["commands"]) => Promise<T>): Promise<T> {
    const used = link;
    try {
      const result = await withDeadline(used.firstAttempt.then(() => run(used.commands)), COMMAND_DEADLINE_MS);
      outage.answered();
      return result;
    } catch (error) {
      // A command cut short by close() is shutdown, not an outage.
      if (closed) throw error;
      outage.failed(error);
      if (error instanceof RedisNoReply) replace(used);
      throw error;
    }
  }

  return {
    getBytes: (key) => command((commands) => commands.get(key)),
    setBytes: (key, value, ttlMs) => command(async (commands) => void (await commands.set(key, Buffer.from(value.buffer, value.byteOffset, value.byteLength), { PX: ttlMs }))),
    setIfAbsent: (key, value, ttlMs) => command(async (commands) => (await commands.set(key, value, { NX: true, PX: ttlMs })) !== null),
    deleteIfHolds: (key, value) => command(async (commands) => void (await commands.eval(DELETE_IF_HOLDS, { keys: [key], arguments: [value] }))),
    close: () => {
      closed = true;
      link.retire();
    },
  };
}
