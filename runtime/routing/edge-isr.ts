/**
 * ISR on the edge: the Cache API is the store, and background refreshes run under the request's
 * `ctx.waitUntil`. One instance per isolate, so a stale key is refreshed once however many
 * requests see it stale at the same time.
 */
import type { ExecutionContext } from "hono";
import { BUILD_ID } from "../isr/build-id.js";
import { createCacheApiStore } from "../isr/cache-api-store.js";
import { createIsr, type Isr } from "../isr/isr.js";
import type { CompiledRouting } from "./compile.js";
import type { FetchApp } from "../server.js";

declare const caches: { readonly default: Cache };

export type EdgeIsr = (request: Request, env: unknown, ctx: ExecutionContext, app: FetchApp) => Promise<Response>;

export function createEdgeIsr(routing: CompiledRouting): EdgeIsr {
  let isr: Isr | undefined;
  return (request, env, ctx, app) => {
    isr ??= createIsr({ ttlFor: routing.ttlFor, allowlistFor: routing.allowlistFor, store: createCacheApiStore(caches.default, BUILD_ID) });
    return isr(request, async (fresh) => app.fetch(fresh, env, ctx), (promise) => ctx.waitUntil(promise));
  };
}
