/**
 * The request-handling types the server core, its request handler and the direct path share, in
 * a module of their own so those modules name them without importing the server core.
 */
import type { ExecutionContext } from "hono";
import type { HonoBase } from "hono/hono-base";
import type { AssetManifest } from "./static/manifest.js";
import type { ReadAsset } from "./static/respond.js";

/** Anything with Hono's `fetch`, such as the result of `createApp()`. */
export interface FetchApp {
  fetch(request: Request, env?: unknown, executionCtx?: ExecutionContext): Response | Promise<Response>;
  /** A Hono app's router and path reader, which let the servers run plain routes directly (runtime/direct/). */
  readonly router?: HonoBase["router"];
  readonly getPath?: HonoBase["getPath"];
}

/** `env` is what the runtime passes beside the request (node bindings, Bun's server, Deno's info). */
export type RequestHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * What an app with routing rules brings (runtime/routing/server.ts): the whole request handler,
 * given what the instances share, if they do (see ShareState).
 * Declared here, where it is used, so an app without rules depends on no routing module.
 */
export type ServerRouting<Shared = unknown> = (app: FetchApp, assets: AssetManifest, readAsset: ReadAsset, shared: Shared | null) => RequestHandler;
