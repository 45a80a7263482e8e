/**
 * The edge worker. Without routing rules the platform's asset layer serves static files before
 * the worker runs (wrangler.json `run_worker_first: false`) and this only hands requests to the
 * app. With rules, the worker runs first and the same routing layer as on node, bun and deno
 * decides, reading assets through the `ASSETS` binding for paths in the build's manifest.
 */
import type { ExecutionContext } from "hono";
import { NO_ROUTING, type RuntimeRouting } from "../routing/config.js";
import { compileRouting } from "../routing/compile.js";
import { createRoutingLayer, type Origin } from "../routing/layer.js";
import type { FetchApp } from "../server.js";
import { canonicalAssetPath } from "../static/canonical-path.js";
import { lookupAsset } from "../static/lookup.js";
import type { AssetManifest } from "../static/manifest.js";
import { normalizeRequestPath } from "../static/path.js";
import { pathnameOf } from "../static/respond.js";
import { createEdgeIsr } from "./edge-isr.js";

interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

interface WorkerContext {
  readonly env: { readonly ASSETS?: AssetsBinding } & Record<string, unknown>;
  readonly ctx: ExecutionContext;
}

export interface Worker {
  fetch(request: Request, env: WorkerContext["env"], ctx: ExecutionContext): Response | Promise<Response>;
}

export interface WorkerOptions {
  readonly assets?: AssetManifest;
  readonly routing?: RuntimeRouting;
}

export function createWorker(app: FetchApp, options: WorkerOptions = {}): Worker {
  const manifest = options.assets ?? {};
  const routing = compileRouting(options.routing ?? NO_ROUTING);
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
}
