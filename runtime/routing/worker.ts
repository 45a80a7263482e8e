/**
 * Routing for the edge worker, loaded only by apps with `routing` rules. wrangler.json then has
 * `run_worker_first: true`, so the same layer as on node, bun and deno decides, reading assets
 * through the `ASSETS` binding for paths in the build's manifest; ISR uses the Cache API.
 */
import type { ExecutionContext } from "hono";
import type { WorkerEnv, WorkerRouting } from "../adapters/edge.js";
import { canonicalAssetPath } from "../static/canonical-path.js";
import { lookupAsset } from "../static/lookup.js";
import type { AssetEntry } from "../static/manifest.js";
import { findAsset } from "../static/respond.js";
import { compileRouting } from "./compile.js";
import type { RuntimeRouting } from "./config.js";
import { createEdgeIsr } from "./edge-isr.js";
import { createRoutingLayer, type Origin } from "./layer.js";

interface WorkerContext {
  readonly env: WorkerEnv;
  readonly ctx: ExecutionContext;
}

export function workerRouting(config: RuntimeRouting): WorkerRouting {
  const routing = compileRouting(config);
  return (app, manifest) => {
    const isr = routing.isr ? createEdgeIsr(routing) : null;
    /** The platform serves the file; our manifest decides whether there is one, as on node. */
    const fetchAsset = (entry: AssetEntry | undefined, request: Request, { env }: WorkerContext) => {
      if (entry === undefined || env.ASSETS === undefined) return null;
      return env.ASSETS.fetch(new Request(new URL(canonicalAssetPath(entry.file), request.url), { method: request.method, headers: request.headers }));
    };
    const origin: Origin<WorkerContext> = {
      asset: (request, context) => fetchAsset(findAsset(request.url, manifest), request, context),
      assetAt: (path, request, context) => fetchAsset(lookupAsset(manifest, path), request, context),
      app: (request, { env, ctx }) => (isr ? isr(request, env, ctx, app) : app.fetch(request, env, ctx)),
    };
    const layer = createRoutingLayer(routing, origin);
    return { fetch: (request, env, ctx) => layer(request, { env, ctx }) };
  };
}
