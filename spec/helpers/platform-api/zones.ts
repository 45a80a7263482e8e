/**
 * Zones and Email Routing. A zone starts with routing off ("unconfigured") and the MX records it
 * was given. Enabling replaces no one's mail: with another provider's MX records it is refused;
 * otherwise it adds the platform's MX records and answers "ready", unless the zone was made
 * with `routingStaysUnconfigured` (DNS that never settles), when it stays "unconfigured".
 */
import { ApiError, CODE, jsonBody, ok, paged, type ApiRequest, type Platform, type Route } from "./http.ts";
import { newHexId, type MxRecord, type PlatformState, type Zone } from "./state.ts";

const PLATFORM_MX: MxRecord[] = [
  { content: "route1.mx.cloudflare.net", priority: 13 },
  { content: "route2.mx.cloudflare.net", priority: 24 },
  { content: "route3.mx.cloudflare.net", priority: 86 },
];

const isPlatformMx = (record: MxRecord) => record.content.endsWith(".mx.cloudflare.net");

export interface ZoneInit {
  name: string;
  mx?: MxRecord[];
  routingStaysUnconfigured?: boolean;
}

export function addZone(state: PlatformState, init: ZoneInit): Zone {
  const zone: Zone = {
    id: newHexId(),
    name: init.name,
    mx: [...(init.mx ?? [])],
    emailRouting: { enabled: false, status: "unconfigured" },
    routingStaysUnconfigured: init.routingStaysUnconfigured ?? false,
    workerRoutes: [],
  };
  state.zones.set(zone.id, zone);
  return zone;
}

/** A zone as the list answers it: the fields the published schema requires. */
function zoneSummary(state: PlatformState, zone: Zone) {
  return {
    id: zone.id,
    name: zone.name,
    account: { id: state.account.id, name: state.account.name },
    owner: { id: state.account.id, name: state.account.name, type: "organization" },
    development_mode: 0,
    meta: { step: 4, page_rule_quota: 3, custom_certificate_quota: 0, phishing_detected: false },
    name_servers: ["ada.ns.cloudflare.com", "bob.ns.cloudflare.com"],
    original_name_servers: null,
    original_registrar: null,
    original_dnshost: null,
    created_on: "2024-01-01T00:00:00Z",
    modified_on: "2024-01-01T00:00:00Z",
    activated_on: "2024-01-01T00:00:00Z",
  };
}

export function zoneRoutes({ state }: Platform): Route[] {
  const existing = (request: ApiRequest): Zone => {
    const zone = state.zones.get(request.params.z);
    if (!zone) throw new ApiError(404, CODE.invalidObjectIdentifier, `Could not route to ${request.path}, perhaps your object identifier is invalid?`);
    return zone;
  };
  const routing = (zone: Zone) => ({ name: zone.name, ...zone.emailRouting });

  return [
    {
      method: "GET",
      pattern: "/zones",
      handle(request) {
        const account = request.query.get("account.id");
        const name = request.query.get("name");
        const zones = account && account !== state.account.id ? [] : [...state.zones.values()].filter((zone) => !name || zone.name === name);
        return paged(zones.map((zone) => zoneSummary(state, zone)), request.query, 20);
      },
    },
    {
      method: "GET",
      pattern: "/zones/:z/email/routing",
      handle: (request) => ok(routing(existing(request))),
    },
    {
      method: "POST",
      pattern: "/zones/:z/email/routing/enable",
      handle(request) {
        const zone = existing(request);
        const foreign = zone.mx.filter((record) => !isPlatformMx(record));
        if (foreign.length) {
          throw new ApiError(409, CODE.foreignMxRecords, `${zone.name} has MX records of another mail provider (${foreign.map((record) => record.content).join(", ")}); remove them before enabling Email Routing`);
        }
        if (zone.routingStaysUnconfigured) {
          zone.emailRouting = { enabled: true, status: "unconfigured" };
        } else {
          zone.mx = PLATFORM_MX.map((record) => ({ ...record }));
          zone.emailRouting = { enabled: true, status: "ready" };
        }
        return ok(routing(zone));
      },
    },
    {
      method: "GET",
      pattern: "/zones/:z/dns_records",
      handle(request) {
        const zone = existing(request);
        const type = request.query.get("type");
        const records = type && type !== "MX" ? [] : zone.mx;
        return paged(records.map((record, index) => ({ id: `${zone.id.slice(0, 24)}${String(index).padStart(8, "0")}`, type: "MX", name: zone.name, ...record, proxiable: false, proxied: false, ttl: 1, created_on: "2024-01-01T00:00:00Z", modified_on: "2024-01-01T00:00:00Z" })), request.query, 100);
      },
    },
    {
      method: "PUT",
      pattern: "/zones/:z/email/routing/rules/catch_all",
      handle(request) {
        const zone = existing(request);
        const rule = jsonBody<{ enabled?: unknown; matchers?: unknown; actions?: unknown }>(request);
        if (typeof rule.enabled !== "boolean" || !Array.isArray(rule.matchers) || !Array.isArray(rule.actions)) {
          throw new ApiError(400, CODE.invalidRequest, "a catch-all rule needs enabled, matchers and actions");
        }
        zone.catchAll = { tag: `catch-all-${zone.id.slice(0, 8)}`, name: "catch-all", enabled: rule.enabled, matchers: rule.matchers, actions: rule.actions };
        return ok(zone.catchAll);
      },
    },
  ];
}
