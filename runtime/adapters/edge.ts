/**
 * The edge worker: the platform's asset layer (wrangler's `assets` config) serves static files
 * before the worker runs, so this only hands requests, bindings and the context to the app.
 */
import type { ExecutionContext } from "hono";
import type { FetchApp } from "../server.js";

export interface Worker {
  fetch(request: Request, env: unknown, ctx: ExecutionContext): Response | Promise<Response>;
}

export function createWorker(app: FetchApp): Worker {
  return {
    fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  };
}
