/**
 * Routing for the node, bun and deno servers, loaded only by apps with `routing` rules: the
 * layer in front of the asset manifest and the app, with ISR on a bounded in-memory LRU unless the
 * server hands it a store shared with other instances (runtime/redis/shared.ts).
 */
import { createIsr } from "../isr/isr.js";
import { createMemoryStore } from "../isr/memory-store.js";
import type { IsrStore } from "../isr/store.js";
import type { ServerRouting } from "../server.js";
import { serveAsset } from "../static/respond.js";
import { compileRouting } from "./compile.js";
import type { RuntimeRouting } from "./config.js";
import { createRoutingLayer, type Origin } from "./layer.js";

/** Background refreshes outlive their request; a failure is logged, never thrown. */
function keepAlive(promise: Promise<unknown>): void {
  promise.catch((error: unknown) => console.error("[sdk] background revalidation failed:", error));
}

/** What the routing takes from the state several instances share: the ISR store. */
export interface RoutingShared {
  readonly isrStore?: IsrStore;
}

export function serverRouting(config: RuntimeRouting): ServerRouting<RoutingShared> {
  const routing = compileRouting(config);
  return (app, assets, readAsset, shared) => {
    const render = (request: Request, env: unknown) => app.fetch(request, env);
    const isr = routing.isr
      ? createIsr({ ttlFor: routing.ttlFor, allowlistFor: routing.allowlistFor, store: shared?.isrStore ?? createMemoryStore(), waitUntil: keepAlive })
      : null;
    const origin: Origin<unknown> = {
      asset: (request) => serveAsset(request, assets, readAsset),
      assetAt: (path, request) => serveAsset(new Request(new URL(path, request.url), { method: request.method, headers: request.headers }), assets, readAsset),
      app: isr ? (request, env) => isr(request, async (fresh) => render(fresh, env)) : render,
    };
    return createRoutingLayer(routing, origin);
  };
}
