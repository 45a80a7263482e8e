/**
 * Crons on several node, bun or deno instances: each tick is run by the one instance that takes
 * its lock, as the edge platform fires a schedule once however many isolates there are. The lock
 * is `SET <prefix>cron:<expression>:<scheduledTime> NX PX`, so instances agree on a tick by the
 * minute it was due, not by when their timers woke.
 */
import type { RedisCommands } from "../redis/connection.js";

export interface CronLock {
  /** Where the lock lives (`host:port`), for log lines. */
  readonly address: string;
  /** True when this instance runs the tick; rejects when the lock cannot be asked for. */
  claim(cron: string, scheduledTime: number): Promise<boolean>;
}

/** Long past any clock skew between instances, so a late instance finds the tick already taken. */
export const CRON_CLAIM_MS = 10 * 60_000;

export function createRedisCronLock(redis: RedisCommands, prefix: string, address: string): CronLock {
  // Which instance holds a tick, for someone reading the keys.
  const holder = crypto.randomUUID();
  return {
    address,
    claim: (cron, scheduledTime) => redis.setIfAbsent(`${prefix}cron:${cron}:${scheduledTime}`, holder, CRON_CLAIM_MS),
  };
}
