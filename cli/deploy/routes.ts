/**
 * `route` and `routes` of wrangler.json onto the platform, as wrangler's triggers deploy does:
 * each pattern's zone is its `zone_id`, its `zone_name`, else the account's zone its hostname is
 * in (the longest match); a `custom_domain` is attached as the worker's domain, any other pattern
 * becomes a zone route to the worker unless it already is one. The zones are matched before
 * anything is written, so a route without a zone stops the deploy unchanged.
 */
import { error, UserError, type Diagnostic } from "../../compiler/diagnostics.js";
import type { PlatformApi } from "../platform/api.js";
import { listZones, type Zone } from "../platform/email.js";
import { attachCustomDomain, createZoneRoute, listZoneRoutes } from "../platform/worker-routes.js";

type Json = Record<string, unknown>;

export interface RouteConfig {
  pattern: string;
  zone_id?: string;
  zone_name?: string;
  custom_domain?: boolean;
}

export interface PlannedRoute {
  route: RouteConfig;
  zone: Zone;
  /** `edge.routes[i]`, for messages. */
  configPath: string;
}

export function configuredRoutes(wrangler: Json): { route: RouteConfig; configPath: string }[] {
  const one = (value: unknown): RouteConfig => (typeof value === "string" ? { pattern: value } : (value as RouteConfig));
  return [
    ...(wrangler.route !== undefined ? [{ route: one(wrangler.route), configPath: "edge.route" }] : []),
    ...(Array.isArray(wrangler.routes) ? wrangler.routes.map((value, index) => ({ route: one(value), configPath: `edge.routes[${index}]` })) : []),
  ];
}

/** The hostname of a route pattern: no scheme, no path, no leading wildcard. */
export function patternHost(pattern: string): string {
  return pattern.replace(/^https?:\/\//, "").split("/")[0]!.replace(/^\*\.?/, "").replace(/:\d+$/, "").toLowerCase();
}

export function zoneOf(route: RouteConfig, zones: readonly Zone[]): Zone | undefined {
  if (route.zone_id) return zones.find((zone) => zone.id === route.zone_id);
  if (route.zone_name) return zones.find((zone) => zone.name === route.zone_name);
  const host = patternHost(route.pattern);
  return zones.filter((zone) => host === zone.name || host.endsWith(`.${zone.name}`)).sort((a, b) => b.name.length - a.name.length)[0];
}

export async function planRoutes(api: PlatformApi, accountId: string, wrangler: Json): Promise<PlannedRoute[]> {
  const configured = configuredRoutes(wrangler);
  if (!configured.length) return [];
  const zones = await listZones(api, accountId);
  const problems: Diagnostic[] = [];
  const planned: PlannedRoute[] = [];
  for (const { route, configPath } of configured) {
    const zone = zoneOf(route, zones);
    const where = { file: "sdk.config.ts", configPath };
    if (!zone) problems.push(error("SDK_DEPLOY_ROUTE_ZONE", `${configPath} (${route.pattern}): no zone of the account ${route.zone_id ?? route.zone_name ?? `holds ${patternHost(route.pattern)}`}`, { ...where, hint: `add the domain to the account as a zone (zones here: ${zones.map((z) => z.name).join(", ") || "none"}), or fix the pattern` }));
    else if (route.custom_domain && /[*/]/.test(route.pattern)) problems.push(error("SDK_DEPLOY_ROUTE_ZONE", `${configPath} (${route.pattern}): a custom domain is a whole hostname, without a path or wildcard`, { ...where, hint: "give the hostname alone, or drop custom_domain for a zone route" }));
    else planned.push({ route, zone, configPath });
  }
  if (problems.length) throw new UserError(problems);
  return planned;
}

export async function attachRoutes(api: PlatformApi, accountId: string, workerName: string, planned: readonly PlannedRoute[], step: (line: string) => void): Promise<void> {
  const existing = new Map<string, Awaited<ReturnType<typeof listZoneRoutes>>>();
  for (const { route, zone, configPath } of planned) {
    if (route.custom_domain) {
      await attachCustomDomain(api, accountId, { hostname: route.pattern, service: workerName, zone_id: zone.id });
      step(`custom domain ${route.pattern} serves ${workerName}`);
      continue;
    }
    if (!existing.has(zone.id)) existing.set(zone.id, await listZoneRoutes(api, zone.id));
    const same = existing.get(zone.id)!.find((candidate) => candidate.pattern === route.pattern);
    if (same?.script === workerName) continue;
    if (same) {
      throw new UserError([error("SDK_DEPLOY_ROUTE_TAKEN", `${configPath} (${route.pattern}): the route already sends its traffic to worker ${same.script ?? "(none)"}`, { file: "sdk.config.ts", configPath, hint: "remove that route from the other worker (or this pattern from edge.routes), then deploy again" })]);
    }
    await createZoneRoute(api, zone.id, route.pattern, workerName);
    step(`route ${route.pattern} (zone ${zone.name}) goes to ${workerName}`);
  }
}
