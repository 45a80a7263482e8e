/**
 * The server entry's `share` when the app was built without the Redis client (@redis/client, an
 * optional package): each instance keeps its own ISR cache and runs every cron, as without
 * SDK_REDIS_URL. A deployment that sets SDK_REDIS_URL is refused at start, with the command that
 * installs the client, rather than left running unshared unnoticed.
 */
import type { ShareState } from "../server.js";

/** `install` is the npm command the build found missing (compiler/optional-packages.ts). */
export function redisClientMissing(install: string): ShareState<never> {
  return async ({ env }) =>
    env("SDK_REDIS_URL")?.trim()
      ? `SDK_PACKAGE_MISSING: SDK_REDIS_URL is set, but this app was built without the Redis client (@redis/client is not installed). Run ${install}, then build again.`
      : null;
}
