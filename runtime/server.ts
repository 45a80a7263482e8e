/**
 * The server core shared by the node, bun and deno adapters. An adapter passes in the few
 * functions that differ per runtime (how to listen, read a file, read env, trap signals, exit);
 * everything else, from asset serving to graceful shutdown, is decided here once.
 */
import { withBodyLimit } from "./request/body-limit.js";
import { createRequestHandler } from "./request-handler.js";
import { resolveServerLimits, type ServerLimits } from "./server-limits.js";
import type { FetchApp, RequestHandler, ServerRouting } from "./server-types.js";
import type { AssetManifest } from "./static/manifest.js";
import type { ReadAsset } from "./static/respond.js";

export type { FetchApp, RequestHandler, ServerRouting } from "./server-types.js";

/**
 * What an app with crons brings (runtime/jobs/scheduler.ts): its schedule, run in this process.
 * Declared here, where it is used, so an app without crons depends on no jobs module.
 */
export interface ServerJobs<Shared = unknown> {
  /**
   * Starts the timers once the server listens; `env` is the handlers' `event.env`. `shared` is
   * what the instances share, if they do: with it each tick runs in one instance only.
   */
  start(env: Record<string, unknown>, shared?: Shared | null): void;
  /** Stops the timers and resolves once the runs already under way have finished. */
  stop(): Promise<void>;
}

/**
 * What several instances of the app share (runtime/redis/shared.ts). `state` is opaque here: the
 * routing and the jobs take what they need from it (an ISR store, a cron lock).
 */
export interface SharedState<Shared> {
  readonly state: Shared;
  /** Logged at start: what is shared, and where. */
  readonly description: string;
  /** Ends the connection, once the server and its jobs have stopped. */
  close(): void;
}

/**
 * What an app with ISR or crons brings: the state it shares with other instances, read from the
 * environment at start. `null` when the deployment shares nothing; a message when it asks wrongly.
 */
export type ShareState<Shared> = (runtime: Pick<RuntimeBindings, "env" | "readFile">) => Promise<SharedState<Shared> | string | null>;

/** `ForRouting`, `ForJobs`: what the routing and the jobs take from the state `share` gives. */
export interface ServeOptions<ForRouting = unknown, ForJobs = unknown> {
  readonly assets: AssetManifest;
  /** The built `dist/client/` directory, as a `file:` URL ending in `/`. */
  readonly clientDir: URL;
  /** The generated routing handler, when the app has `routing` rules. */
  readonly routing?: ServerRouting<ForRouting> | null;
  /** The app's crons, when it has `crons/`. */
  readonly jobs?: ServerJobs<ForJobs> | null;
  /** How the app shares ISR and crons with other instances, when it has either. */
  readonly share?: ShareState<ForRouting & ForJobs> | null;
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
  /**
   * Rejects when the address cannot be bound. The handler enforces the body limit; the adapter
   * passes the timeouts and the connection limit to what its runtime offers.
   */
  listen(handler: RequestHandler, options: ListenOptions, limits: ServerLimits): Promise<ListeningServer>;
  onSignal(signal: ShutdownSignal, listener: () => void): void;
  exit(code: number): void;
}

export const DEFAULT_PORT = 3000;
/** All interfaces, as Bun.serve and Deno.serve default to; set HOST=127.0.0.1 to stay local. */
export const DEFAULT_HOST = "0.0.0.0";
/** Longest wait for in-flight requests after SIGTERM before giving up (exit code 1). */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

/** Starts the server the way every non-edge target does: listen, log one line, drain on signals. */
export function runServer<ForRouting, ForJobs>(app: FetchApp, options: ServeOptions<ForRouting, ForJobs>, runtime: RuntimeBindings): void {
  const listenOptions = resolveListenOptions(runtime.env);
  if (typeof listenOptions === "string") return fail(listenOptions, runtime);
  const limits = resolveServerLimits(runtime.env);
  if (typeof limits === "string") return fail(limits, runtime);
  if (!options.share) return listen(app, options, runtime, listenOptions, limits, null);
  options.share(runtime).then(
    (shared) => (typeof shared === "string" ? fail(shared, runtime) : listen(app, options, runtime, listenOptions, limits, shared)),
    (error: unknown) => fail(`Could not set up what the instances share: ${messageOf(error)}`, runtime),
  );
}

function listen<R, J>(
  app: FetchApp,
  options: ServeOptions<R, J>,
  runtime: RuntimeBindings,
  listenOptions: ListenOptions,
  limits: ServerLimits,
  shared: SharedState<R & J> | null,
): void {
  if (shared) console.log(shared.description);
  const readAsset: ReadAsset = (file) => runtime.readFile(assetUrl(options.clientDir, file));
  const handler = createRequestHandler(app, { assets: options.assets, readAsset, routing: options.routing, shared: shared?.state ?? null });
  runtime.listen(withBodyLimit(handler, limits.maxBodySize), listenOptions, limits).then(
    (server) => {
      console.log(listeningMessage(listenOptions.hostname, server.port));
      const withAll = options.jobs ? withJobs(server, options.jobs, runtime, shared?.state ?? null) : server;
      drainOnSignals(shared ? withShared(withAll, shared) : withAll, runtime);
    },
    (error: unknown) => fail(`Could not listen on ${listenOptions.hostname}:${listenOptions.port}: ${listenFailure(error)}`, runtime),
  );
}

/** Node, Bun and Deno each word a taken port their own way; all three set this code. */
function listenFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== "EADDRINUSE") return messageOf(error);
  return "the port is in use (EADDRINUSE). Stop what listens on it, or set PORT to a free port.";
}

function fail(message: string, runtime: Pick<RuntimeBindings, "exit">): void {
  console.error(message);
  runtime.exit(1);
}

/** Starts the jobs; closing the server then stops them too, and the drain waits for both. */
function withJobs<Shared>(server: ListeningServer, jobs: ServerJobs<Shared>, runtime: Pick<RuntimeBindings, "environment">, shared: Shared | null): ListeningServer {
  jobs.start(runtime.environment(), shared);
  return { port: server.port, close: () => Promise.all([jobs.stop(), server.close()]).then(() => undefined) };
}

/** The shared connection closes last: in-flight requests and runs may still use it. */
function withShared(server: ListeningServer, shared: SharedState<unknown>): ListeningServer {
  return { port: server.port, close: () => server.close().finally(() => shared.close()) };
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
