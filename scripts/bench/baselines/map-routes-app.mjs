// Route-scale baseline for the fetch runtimes (bun, deno, workerd): a plain fetch handler with the
// generated app's routes in two Maps, as bare-node-map.mjs does on node:http, looked up in
// constant time. The count is fixed: the figure measures one size, and a worker has no env to read
// it from before its first request.
import { ROUTE_SCALE_ROUTES, routeNames } from "../lib/route-names.mjs";

const { statics, params } = routeNames(ROUTE_SCALE_ROUTES);
const staticRoutes = new Map(statics.map((name) => [`/${name}`, () => ({ route: name })]));
const paramRoutes = new Map(params.map((name) => [`/${name}`, (id) => ({ route: name, id })]));

export function fetch(request) {
  const { pathname } = new URL(request.url);
  const exact = staticRoutes.get(pathname);
  if (exact) return Response.json(exact());
  const slash = pathname.indexOf("/", 1);
  const withParam = slash === -1 ? undefined : paramRoutes.get(pathname.slice(0, slash));
  const id = pathname.slice(slash + 1);
  if (withParam && id && !id.includes("/")) return Response.json(withParam(decodeURIComponent(id)));
  return Response.json({ error: "Not Found" }, { status: 404 });
}
