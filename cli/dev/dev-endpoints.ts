/**
 * The dev server's own answers under /__sdk/ and what they read: crons fired by hand, the local
 * mail inbox, and the dashboard with its log of the app's activity and, on the edge, its bridge
 * to the bindings inside workerd.
 */
import type { Connect, ViteDevServer } from "vite";
import type { AppIR } from "../../compiler/ir.js";
import { declaredCrons } from "../../emitters/crons-module.js";
import { usesEmail } from "../../emitters/email-module.js";
import type { AppLoader } from "./app-loader.js";
import { Activity, recordConsole, type Level } from "./dashboard/activity.js";
import { createDashboard } from "./dashboard/dashboard.js";
import { entryOf, requestRecorder } from "./dashboard/request-recorder.js";
import { workerBridge, type WorkerBridge } from "./dashboard/worker-bridge.js";
import { emailEndpoints } from "./email-endpoints.js";
import { readEnvFile } from "./env-file.js";
import { fireInModuleRunner, fireInWorkerd } from "./fire-scheduled.js";
import { createInbox } from "./inbox.js";
import { sdkEndpoints, type ScheduledReport } from "./sdk-endpoints.js";
import { cronTriggers } from "./triggers.js";

export interface DevEndpointsOptions {
  root: string;
  onEdge: boolean;
  ir(): AppIR;
  /** The app's loader on node, bun and deno, where crons run in the dev server's process. */
  loader(): AppLoader;
  vite(): ViteDevServer;
  /** The environment variables the shell set before `.env` was read. */
  shell: ReadonlySet<string>;
}

export interface DevEndpoints {
  /** Records each request for the dashboard; goes before every other middleware. */
  readonly recorder: Connect.NextHandleFunction;
  /** Answers /__sdk/ and leaves the rest to the next middleware. */
  readonly endpoints: Connect.NextHandleFunction;
  /** On the edge: the per-session token the dev worker's bridge answers to. */
  readonly bridge: WorkerBridge | null;
  /** Collects what the dev worker prints, by request. */
  workerOutput(level: Level, message: string): void;
  /** The app's middleware, run so that what it prints is its request's (node, bun and deno). */
  recorded(app: Connect.NextHandleFunction): Connect.NextHandleFunction;
  /** Ends the dashboard's live streams: open requests the HTTP server would wait for. */
  close(): Promise<void>;
}

export function devEndpoints(options: DevEndpointsOptions): DevEndpoints {
  const { root, onEdge, ir } = options;
  const crons = () => declaredCrons(ir());
  const inbox = onEdge ? createInbox(root) : null;
  const email = inbox ? emailEndpoints({ enabled: () => usesEmail(ir()), inbox }) : undefined;
  const activity = new Activity(root);
  if (!onEdge) recordConsole(() => activity);
  const bridge = onEdge ? workerBridge(() => ownOrigin(options.vite())) : null;
  const fire = onEdge ? fireInWorkerd(crons) : fireInModuleRunner(options.loader);
  const fireScheduled = async (cron: string, request: Parameters<typeof fire>[1]): Promise<ScheduledReport> => {
    // On node, bun and deno the handlers run in this process: what they print is the run's.
    const report = onEdge ? await fire(cron, request) : await activity.within(activity.cronStarting(cron), () => fire(cron, request));
    activity.cronFired(cron, report);
    return report;
  };
  const dashboard = createDashboard({
    root,
    ir,
    activity,
    triggers: (baseUrl) => cronTriggers(crons(), baseUrl),
    inbox: () => (inbox && usesEmail(ir()) ? inbox : null),
    dotEnv: () => readEnvFile(root),
    shell: options.shell,
    bridge,
  });
  return {
    recorder: requestRecorder(activity, ir),
    endpoints: sdkEndpoints({ crons, fireScheduled, email, dashboard }),
    bridge,
    workerOutput: (level, message) => activity.workerOutput(level, message),
    recorded: (app) => (req, res, next) => {
      const entry = entryOf(req);
      return entry ? activity.within(entry, () => app(req, res, next)) : app(req, res, next);
    },
    close: async () => {
      await dashboard.close?.();
    },
  };
}

/** Where the dev server listens, as this machine reaches it: the dashboard's calls to the worker go there. */
function ownOrigin(server: ViteDevServer): string {
  const address = server.httpServer?.address();
  if (!address || typeof address === "string") throw new Error("the dev server is not listening");
  const host = address.family === "IPv6" ? (address.address === "::" ? "[::1]" : `[${address.address}]`) : address.address === "0.0.0.0" ? "127.0.0.1" : address.address;
  return `http://${host}:${address.port}`;
}
