/**
 * The server core shared by the node, bun and deno adapters. An adapter passes in the few
 * functions that differ per runtime (how to listen, read a file, read env, trap signals, exit);
 * everything else, from asset serving to graceful shutdown, is decided here once.
 */
import type { ExecutionContext } from "hono";
import { createRequestHandler } from "./request-handler.js";
import type { AssetManifest } from "./static/manifest.js";
import type { ReadAsset } from "./static/respond.js";

/** Anything with Hono's `fetch`, such as the result of `createApp()`. */
export interface FetchApp {
  fetch(request: Request, env?: unknown, executionCtx?: ExecutionContext): Response | Promise<Response>;
}

/** `env` is what the runtime passes beside the request (node bindings, Bun's server, Deno's info). */
export type RequestHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * What an app with routing rules brings (runtime/routing/server.ts): the whole request handler.
 * Declared here, where it is used, so an app without rules depends on no routing module.
 */
export type ServerRouting = (app: FetchApp, assets: AssetManifest, readAsset: ReadAsset) => RequestHandler;

/**
 * What an app with crons brings (runtime/jobs/scheduler.ts): its schedule, run in this process.
 * Declared here, where it is used, so an app without crons depends on no jobs module.
 */
export interface ServerJobs {
  /** Starts the timers once the server listens; `env` is the handlers' `event.env`. */
  start(env: Record<string, unknown>): void;
  /** Stops the timers and resolves once the runs already under way have finished. */
  stop(): Promise<void>;
}

export interface ServeOptions {
  readonly assets: AssetManifest;
  /** The built `dist/client/` directory, as a `file:` URL ending in `/`. */
  readonly clientDir: URL;
  /** The generated routing handler, when the app has `routing` rules. */
  readonly routing?: ServerRouting | null;
  /** The app's crons, when it has `crons/`. */
  readonly jobs?: ServerJobs | null;
}

export interface ListenOptions {
  readonly hostname: string;
  readonly port: number;
}

export interface ListeningServer {
  /** The bound port (differs from the requested one when PORT=0). */
  readonly port: number;
  /** Stops accepting connections; resolves once in-flight requests have been answered. */
  close(): Promise<void>;
}

export type ShutdownSignal = "SIGTERM" | "SIGINT";

export interface RuntimeBindings {
  env(name: string): string | undefined;
  /** Every environment variable, for cron handlers' `event.env`. */
  environment(): Record<string, string | undefined>;
  readFile(url: URL): Promise<BodyInit>;
  /** Rejects when the address cannot be bound. */
  listen(handler: RequestHandler, options: ListenOptions): Promise<ListeningServer>;
  onSignal(signal: ShutdownSignal, listener: () => void): void;
  exit(code: number): void;
}

export const DEFAULT_PORT = 3000;
/** All interfaces, as Bun.serve and Deno.serve default to; set HOST=127.0.0.1 to stay local. */
export const DEFAULT_HOST = "0.0.0.0";
/** Longest wait for in-flight requests after SIGTERM before giving up (exit code 1). */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

/** Starts the server the way every non-edge target does: listen, log one line, drain on signals. */
export function runServer(app: FetchApp, options: ServeOptions, runtime: RuntimeBindings): void {
  const listenOptions = resolveListenOptions(runtime.env);
  if (typeof listenOptions === "string") {
    console.error(listenOptions);
    runtime.exit(1);
    return;
  }
  const readAsset: ReadAsset = (file) => runtime.readFile(assetUrl(options.clientDir, file));
  const handler = createRequestHandler(app, { assets: options.assets, readAsset, routing: options.routing });
  runtime.listen(handler, listenOptions).then(
    (server) => {
      console.log(listeningMessage(listenOptions.hostname, server.port));
      drainOnSignals(options.jobs ? withJobs(server, options.jobs, runtime) : server, runtime);
    },
    (error: unknown) => {
      console.error(`Could not listen on ${listenOptions.hostname}:${listenOptions.port}: ${messageOf(error)}`);
      runtime.exit(1);
    },
  );
}

/** Starts the jobs; closing the server then stops them too, and the drain waits for both. */
function withJobs(server: ListeningServer, jobs: ServerJobs, runtime: Pick<RuntimeBindings, "environment">): ListeningServer {
  jobs.start(runtime.environment());
  return { port: server.port, close: () => Promise.all([jobs.stop(), server.close()]).then(() => undefined) };
}

/** Listen options from PORT and HOST, or a message saying what is wrong with them. */
export function resolveListenOptions(env: (name: string) => string | undefined): ListenOptions | string {
  const rawPort = env("PORT")?.trim();
  const port = rawPort ? Number(rawPort) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return `PORT must be a whole number from 0 to 65535, got "${rawPort}".`;
  }
  return { hostname: env("HOST")?.trim() || DEFAULT_HOST, port };
}

export function listeningMessage(hostname: string, port: number): string {
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  return `Listening on http://${host}:${port}`;
}

/** The file URL of a manifest entry; each segment is encoded so `#`, `?` and `%` stay literal. */
export function assetUrl(clientDir: URL, file: string): URL {
  return new URL(file.split("/").map(encodeURIComponent).join("/"), clientDir);
}

/**
 * First SIGTERM or SIGINT: stop accepting, let in-flight requests finish, exit 0. A second signal,
 * or a drain longer than `timeoutMs`, exits 1 at once.
 */
export function drainOnSignals(
  server: ListeningServer,
  runtime: Pick<RuntimeBindings, "onSignal" | "exit">,
  timeoutMs = SHUTDOWN_TIMEOUT_MS,
): void {
  let draining = false;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const finish = (code: number): void => {
    clearTimeout(timeout);
    runtime.exit(code);
  };
  const onSignal = (): void => {
    if (draining) return finish(1);
    draining = true;
    timeout = setTimeout(() => {
      console.error(`In-flight requests did not finish within ${timeoutMs} ms; exiting.`);
      finish(1);
    }, timeoutMs);
    server.close().then(
      () => finish(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${messageOf(error)}`);
        finish(1);
      },
    );
  };
  runtime.onSignal("SIGTERM", onSignal);
  runtime.onSignal("SIGINT", onSignal);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
