/**
 * Zone routes and custom domains, as the platform keeps them: a route is a URL pattern of a zone
 * sent to one script (a second route with the same pattern is refused); a custom domain is a
 * hostname of a zone, given to one worker (attaching it again to the same worker changes nothing).
 * Paths and bodies follow the published schema (worker-routes-list-routes,
 * worker-routes-create-route, worker-domain-attach-to-domain).
 */
import { ApiError, CODE, jsonBody, ok, type ApiRequest, type Platform, type Route } from "./http.ts";
import { newHexId, type Zone } from "./state.ts";

/** stand-in: the platform's code for a duplicate route is not documented. */
const ROUTE_TAKEN = 10020;

export function workerRouteRoutes(platform: Platform): Route[] {
  const { state } = platform;
  const zoneOf = (id: string | undefined): Zone => {
    const zone = id === undefined ? undefined : state.zones.get(id);
    if (!zone) throw new ApiError(404, CODE.invalidRequest, `zone ${id} does not exist`);
    return zone;
  };
  return [
    {
      method: "GET",
      pattern: "/zones/:z/workers/routes",
      handle: (request: ApiRequest) => ok(zoneOf(request.params.z).workerRoutes),
    },
    {
      method: "POST",
      pattern: "/zones/:z/workers/routes",
      handle(request) {
        const zone = zoneOf(request.params.z);
        const { pattern, script } = jsonBody<{ pattern?: string; script?: string }>(request);
        if (!pattern || !script) throw new ApiError(400, CODE.invalidRequest, "a route needs a pattern and a script");
        const host = pattern.replace(/^\*\.?/, "").split("/")[0]!;
        if (host !== zone.name && !host.endsWith(`.${zone.name}`)) throw new ApiError(400, CODE.invalidRequest, `route pattern ${pattern} is not in zone ${zone.name}`);
        if (zone.workerRoutes.some((route) => route.pattern === pattern)) throw new ApiError(409, ROUTE_TAKEN, `a route with the same pattern already exists: ${pattern}`);
        const route = { id: newHexId(), pattern, script };
        zone.workerRoutes.push(route);
        return ok({ id: route.id });
      },
    },
    {
      method: "PUT",
      pattern: "/accounts/:a/workers/domains",
      handle(request) {
        const body = jsonBody<{ hostname?: string; service?: string; environment?: string; zone_id?: string }>(request);
        const zone = zoneOf(body.zone_id);
        const { hostname, service, environment } = body;
        if (!hostname || !service || !environment) throw new ApiError(400, CODE.invalidRequest, "a custom domain needs hostname, service and environment");
        if (hostname !== zone.name && !hostname.endsWith(`.${zone.name}`)) throw new ApiError(400, CODE.invalidRequest, `hostname ${hostname} is not in zone ${zone.name}`);
        if (!state.scripts.has(service)) throw new ApiError(404, CODE.scriptNotFound, `This Worker does not exist on your account: ${service}`);
        const domain = { id: state.customDomains.get(hostname)?.id ?? newHexId(), hostname, service, environment, zone_id: zone.id, zone_name: zone.name };
        state.customDomains.set(hostname, domain);
        return ok(domain);
      },
    },
  ];
}
