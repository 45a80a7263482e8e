/**
 * The edge worker. Without routing rules the platform's asset layer serves static files before
 * the worker runs (wrangler.json `run_worker_first: false`) and the worker hands requests,
 * bindings and the context to the app: a plain route directly (runtime/direct/fetch.ts), the rest
 * through Hono's dispatch. With rules, the generated `routing` (see
 * runtime/routing/worker.ts) takes over the whole request.
 */
import type { ExecutionContext } from "hono";
import { withDirectPath } from "../direct/fetch.js";
import type { PlatformEmail } from "../email/platform-email.js";
import type { FetchApp } from "../server.js";
import type { AssetManifest } from "../static/manifest.js";

export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

export type WorkerEnv = { readonly ASSETS?: AssetsBinding } & Record<string, unknown>;

export interface Worker {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response>;
  /** The platform calls it for each of wrangler.json's `triggers.crons`. */
  scheduled?: WorkerScheduled;
  /** The platform calls it with each batch of a queue wrangler.json's `queues.consumers` lists. */
  queue?: WorkerQueue;
  /** The platform calls it with each message Email Routing sends to the worker. */
  email?: WorkerEmail;
}

/**
 * What an app with routing rules brings (runtime/routing/worker.ts): the whole worker. Declared
 * here, where it is used, so an app without rules depends on no routing module.
 */
export type WorkerRouting = (app: FetchApp, assets: AssetManifest) => Worker;

/**
 * What an app with crons brings (runtime/jobs/scheduled.ts): the worker's `scheduled` export.
 * Declared here, where it is used, so an app without crons depends on no jobs module.
 */
export type WorkerScheduled = (
  controller: { readonly cron: string; readonly scheduledTime: number; noRetry(): void },
  env: WorkerEnv,
  ctx: ExecutionContext,
) => Promise<unknown>;

/**
 * What an app with queues brings (runtime/jobs/queue.ts): the worker's `queue` export. Declared
 * here, where it is used, so an app without queues depends on no queue module.
 */
export type WorkerQueue = (
  batch: {
    readonly queue: string;
    readonly messages: readonly { readonly id: string; readonly timestamp: Date; readonly body: unknown; readonly attempts: number; ack(): void; retry(options?: { delaySeconds?: number }): void }[];
    ackAll(): void;
    retryAll(options?: { delaySeconds?: number }): void;
  },
  env: WorkerEnv,
  ctx: ExecutionContext,
) => Promise<unknown>;

/**
 * What an app with `email/` brings (runtime/jobs/email.ts): the worker's `email` export. Only its
 * type comes from the email module, so an app without inbound mail bundles none of it.
 */
export type WorkerEmail = (
  message: PlatformEmail,
  env: WorkerEnv,
  ctx: ExecutionContext,
) => Promise<unknown>;

/**
 * What an app whose database opens a client per request brings (runtime/db/registry.ts): every
 * event of the worker (a request, a scheduled run, a queue batch) runs inside it, so each has its
 * own client, closed through `waitUntil` when the event is done.
 */
export type WorkerEventScope = <T>(ctx: Pick<ExecutionContext, "waitUntil">, run: () => Promise<T>) => Promise<T>;

export interface WorkerOptions {
  readonly assets?: AssetManifest;
  /** Present when the app has routing rules. */
  readonly routing?: WorkerRouting | null;
  /** Present when the app has `crons/` (runtime/jobs/scheduled.ts). */
  readonly scheduled?: WorkerScheduled;
  /** Present when the app has `queues/` (runtime/jobs/queue.ts). */
  readonly queue?: WorkerQueue;
  /** Present when the app has `email/` (runtime/jobs/email.ts). */
  readonly email?: WorkerEmail;
  /** Present when the app's database is reached per event (PostgreSQL, MySQL). */
  readonly scope?: WorkerEventScope;
}

export function createWorker(app: FetchApp, options: WorkerOptions = {}): Worker {
  const worker: Worker = options.routing ? options.routing(app, options.assets ?? {}) : { fetch: withDirectPath(app) };
  const { scope, scheduled, queue, email } = options;
  if (!scope) return { ...worker, ...(scheduled && { scheduled }), ...(queue && { queue }), ...(email && { email }) };
  return {
    fetch: (request, env, ctx) => scope(ctx, async () => worker.fetch(request, env, ctx)),
    ...(scheduled && { scheduled: (controller, env, ctx) => scope(ctx, () => scheduled(controller, env, ctx)) }),
    ...(queue && { queue: (batch, env, ctx) => scope(ctx, () => queue(batch, env, ctx)) }),
    ...(email && { email: (message, env, ctx) => scope(ctx, () => email(message, env, ctx)) }),
  };
}
