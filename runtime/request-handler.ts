/**
 * One request handler for the node, bun and deno servers: the routing layer in front of the
 * asset manifest and the app, with ISR around the app when `revalidate` rules exist.
 */
import { createIsr } from "./isr/isr.js";
import { createMemoryStore } from "./isr/memory-store.js";
import type { IsrStore } from "./isr/store.js";
import { NO_ROUTING, type RuntimeRouting } from "./routing/config.js";
import { compileRouting } from "./routing/compile.js";
import { createRoutingLayer, type Origin } from "./routing/layer.js";
import type { FetchApp, RequestHandler } from "./server.js";
import type { AssetManifest } from "./static/manifest.js";
import { serveAsset, type ReadAsset } from "./static/respond.js";

export interface RequestHandlerOptions {
  readonly assets: AssetManifest;
  readonly readAsset: ReadAsset;
  readonly routing?: RuntimeRouting;
  /** Where ISR keeps responses; a bounded in-memory LRU unless a shared store is given. */
  readonly isrStore?: IsrStore;
}

/** Background refreshes outlive their request; a failure is logged, never thrown. */
function keepAlive(promise: Promise<unknown>): void {
  promise.catch((error: unknown) => console.error("[sdk] background revalidation failed:", error));
}

export function createRequestHandler(app: FetchApp, options: RequestHandlerOptions): RequestHandler {
  const { assets, readAsset } = options;
  const routing = compileRouting(options.routing ?? NO_ROUTING);
  const render = (request: Request, env: unknown) => app.fetch(request, env);
  const isr = routing.isr
    ? createIsr({ ttlFor: routing.ttlFor, allowlistFor: routing.allowlistFor, store: options.isrStore ?? createMemoryStore(), waitUntil: keepAlive })
    : null;
  const origin: Origin<unknown> = {
    asset: (request) => serveAsset(request, assets, readAsset),
    assetAt: (path, request) => serveAsset(new Request(new URL(path, request.url), { method: request.method, headers: request.headers }), assets, readAsset),
    app: isr ? (request, env) => isr(request, async (fresh) => render(fresh, env)) : render,
  };
  return createRoutingLayer(routing, origin);
}
