/**
 * Mail setup for `email.from`: the address's domain must be a zone of the account (or a subdomain
 * of one). Email Routing is enabled on it unless another provider's MX records are there, which
 * are kept; the catch-all rule sends inbound mail to the worker.
 */
import type { PlatformApi } from "./api.js";
import { listAll } from "./paging.js";

export interface Zone {
  id: string;
  name: string;
}

export interface EmailRouting {
  enabled: boolean;
  /** `ready` once the DNS records are in place; anything else means mail does not flow yet. */
  status: string;
}

export async function listZones(api: PlatformApi, accountId: string): Promise<Zone[]> {
  const zones = await listAll<Zone>(api, "/zones", { by: "page", perPage: 50 }, { "account.id": accountId });
  return zones.map(({ id, name }) => ({ id, name }));
}

export async function emailRouting(api: PlatformApi, zoneId: string): Promise<EmailRouting> {
  return api.get(`/zones/${zoneId}/email/routing`);
}

export async function enableEmailRouting(api: PlatformApi, zoneId: string): Promise<EmailRouting> {
  return api.request("POST", `/zones/${zoneId}/email/routing/enable`, { json: {} });
}

export async function mxRecords(api: PlatformApi, zoneId: string): Promise<{ content: string; priority: number }[]> {
  return listAll(api, `/zones/${zoneId}/dns_records`, { by: "page" }, { type: "MX" });
}

/** Routes every address of the zone without a rule of its own to `scriptName`. */
export async function routeCatchAllToWorker(api: PlatformApi, zoneId: string, scriptName: string): Promise<void> {
  await api.request("PUT", `/zones/${zoneId}/email/routing/rules/catch_all`, {
    json: { enabled: true, matchers: [{ type: "all" }], actions: [{ type: "worker", value: [scriptName] }] },
  });
}
