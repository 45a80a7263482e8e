/**
 * A route module that `sdk dev` on the edge imports on the route's first request, not with the
 * route table. workerd's module runner answers a saved route with a full reload, which evaluates
 * the table again: with every route imported eagerly, that asked Vite for each route module once
 * more (1000 requests from workerd for a 1000-route app), where now only the routes requested
 * since are loaded again. The methods come from the scan, so the table's shape is known at once.
 * A route that no longer loads is served in its last good version (last-good.ts).
 */
import type { Context } from "hono";
import { assertDefined } from "../app.js";
import type { Handler } from "../index.js";
import { loadSourceModule } from "./last-good.js";

type RouteModule = Record<string, unknown>;

export function lazyRoute(file: string, load: () => Promise<RouteModule>): (method: string) => Handler<unknown> {
  let loaded: Promise<RouteModule> | undefined;
  return (method) => ({
    kind: "handler",
    fn: async (c: Context) => {
      // A module that failed to load is asked for again: the next save may have fixed it.
      const module = await (loaded ??= loadSourceModule(file, load).catch((error: unknown) => {
        loaded = undefined;
        throw error;
      }));
      const handler = module[method];
      assertDefined(handler, "handler", "defineHandler", file, method);
      return (handler as Handler<unknown>).fn(c);
    },
  });
}
