/**
 * Routing for the edge worker, loaded only by apps with `routing` rules. wrangler.json then has
 * `run_worker_first: true`, so the same layer as on node, bun and deno decides, reading assets
 * through the `ASSETS` binding for paths in the build's manifest; ISR uses the Cache API.
 */
import type { ExecutionContext } from "hono";
import type { Worker, WorkerEnv } from "../adapters/edge.js";
import type { FetchApp } from "../server.js";
import { canonicalAssetPath } from "../static/canonical-path.js";
import { lookupAsset } from "../static/lookup.js";
import type { AssetManifest } from "../static/manifest.js";
import { normalizeRequestPath } from "../static/path.js";
import { pathnameOf } from "../static/respond.js";
import { compileRouting } from "./compile.js";
import type { RuntimeRouting } from "./config.js";
import { createEdgeIsr } from "./edge-isr.js";
import { createRoutingLayer, type Origin } from "./layer.js";

export type WorkerRouting = (app: FetchApp, assets: AssetManifest) => Worker;

interface WorkerContext {
  readonly env: WorkerEnv;
  readonly ctx: ExecutionContext;
}

export function workerRouting(config: RuntimeRouting): WorkerRouting {
  const routing = compileRouting(config);
  return (app, manifest) => {
    const isr = routing.isr ? createEdgeIsr(routing) : null;
    const fromAssets = (path: string, request: Request, { env }: WorkerContext) => {
      const entry = lookupAsset(manifest, path);
      if (entry === undefined || env.ASSETS === undefined) return null;
      return env.ASSETS.fetch(new Request(new URL(canonicalAssetPath(entry.file), request.url), { method: request.method, headers: request.headers }));
    };
    const origin: Origin<WorkerContext> = {
      asset: (request, context) => {
        const path = normalizeRequestPath(pathnameOf(request.url));
        return path.ok ? fromAssets(path.path, request, context) : null;
      },
      assetAt: fromAssets,
      app: (request, { env, ctx }) => (isr ? isr(request, env, ctx, app) : app.fetch(request, env, ctx)),
    };
    const layer = createRoutingLayer(routing, origin);
    return { fetch: (request, env, ctx) => layer(request, { env, ctx }) };
  };
}
