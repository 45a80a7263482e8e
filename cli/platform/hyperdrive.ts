/**
 * Hyperdrive configurations, found by name (through every page of the list, as wrangler's
 * `listConfigs` reads it) or created from a database URL split into the origin's parts, as
 * `wrangler hyperdrive create --connection-string` sends it (a missing port is the dialect's
 * default). The password goes to the platform in the body only: the API never answers it.
 */
import type { PlatformApi } from "./api.js";
import { listAll } from "./paging.js";

export interface HyperdriveConfig {
  id: string;
  name: string;
}

const DEFAULT_PORTS: Record<string, number> = { "postgres:": 5432, "postgresql:": 5432, "mysql:": 3306 };

export async function findHyperdriveConfig(api: PlatformApi, accountId: string, name: string): Promise<HyperdriveConfig | undefined> {
  const found = await listAll<HyperdriveConfig>(api, `/accounts/${accountId}/hyperdrive/configs`, { by: "page" });
  return found.find((config) => config.name === name);
}

export async function createHyperdriveConfig(api: PlatformApi, accountId: string, name: string, databaseUrl: string): Promise<HyperdriveConfig> {
  return api.request("POST", `/accounts/${accountId}/hyperdrive/configs`, { json: { name, origin: hyperdriveOrigin(databaseUrl) } });
}

/** The origin a checked database URL (databaseUrlProblem) names. */
export function hyperdriveOrigin(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    scheme: url.protocol.slice(0, -1),
    host: url.hostname,
    port: url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol],
    database: decodeURIComponent(url.pathname.replace(/^\//, "")),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}
