/**
 * What puts a worker on a zone's hostnames: zone routes (a URL pattern, the zone's
 * worker-routes operations) and custom domains (a whole hostname the platform gives its own DNS
 * record and certificate, worker-domain-attach-to-domain). Each names its operation in
 * Cloudflare's OpenAPI schema.
 */
import type { PlatformApi } from "./api.js";

export interface ZoneRoute {
  id: string;
  pattern: string;
  script?: string;
}

/** worker-routes-list-routes */
export async function listZoneRoutes(api: PlatformApi, zoneId: string): Promise<ZoneRoute[]> {
  return api.get(`/zones/${encodeURIComponent(zoneId)}/workers/routes`);
}

/** worker-routes-create-route */
export async function createZoneRoute(api: PlatformApi, zoneId: string, pattern: string, script: string): Promise<void> {
  await api.request("POST", `/zones/${encodeURIComponent(zoneId)}/workers/routes`, { json: { pattern, script } });
}

/** worker-domain-attach-to-domain: the production environment, as wrangler attaches it. */
export async function attachCustomDomain(api: PlatformApi, accountId: string, domain: { hostname: string; service: string; zone_id: string }): Promise<void> {
  await api.request("PUT", `/accounts/${accountId}/workers/domains`, { json: { environment: "production", ...domain } });
}
