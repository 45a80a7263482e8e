/**
 * What several node, bun or deno instances share when the deployment names a Redis server in
 * `SDK_REDIS_URL`: the ISR cache and the cron lock, over one connection per process. Unset, the
 * server runs as one instance always has (the in-memory LRU, every cron in every process).
 * The generated entry of an app with ISR or crons passes this to the server; other apps carry none
 * of it, and the client itself is imported only once the variable is found set.
 */
import { createRedisStore } from "../isr/redis-store.js";
import type { IsrStore } from "../isr/store.js";
import { createRedisCronLock, type CronLock } from "../jobs/cron-lock.js";
import type { ShareState } from "../server.js";
import { buildVersion } from "./build-version.js";
import { parseRedisUrl } from "./location.js";
import { createOutageLog } from "./outage-log.js";

export interface SharedUses {
  /** The app caches paths with ISR. */
  readonly isr: boolean;
  /** The app has `crons/`. */
  readonly crons: boolean;
}

/** What the app's routing and scheduler take from it; structurally what each of them declares. */
export interface RedisShared {
  readonly isrStore?: IsrStore;
  readonly cronLock?: CronLock;
}

/** Keys start with `SDK_REDIS_PREFIX` when set, so several apps can share one Redis database. */
const DEFAULT_PREFIX = "sdk:";

/** `bundle` is the server bundle's own URL (`import.meta.url`): its hash versions the ISR keys. */
export function shareThroughRedis(bundle: string, uses: SharedUses): ShareState<RedisShared> {
  return async ({ env, readFile }) => {
    const raw = env("SDK_REDIS_URL")?.trim();
    if (!raw) return null;
    const location = parseRedisUrl(raw);
    if (typeof location === "string") return location;
    const prefix = env("SDK_REDIS_PREFIX") ?? DEFAULT_PREFIX;
    const [{ connectRedis }, version] = await Promise.all([import("./connection.js"), uses.isr ? buildVersion(new URL(bundle), readFile) : ""]);
    const redis = connectRedis(location, createOutageLog(location.address));
    const shared = [uses.isr ? "ISR entries" : "", uses.crons ? "cron runs" : ""].filter(Boolean).join(" and ");
    return {
      state: {
        isrStore: uses.isr ? createRedisStore(redis, `${prefix}isr:${version}:`) : undefined,
        cronLock: uses.crons ? createRedisCronLock(redis, prefix, location.address) : undefined,
      },
      description: `${shared} are shared through Redis at ${location.address}`,
      close: () => redis.close(),
    };
  };
}
