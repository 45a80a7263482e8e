/**
 * What `sdk dev` serves, written to `.sdk/generated/dev/`: the build's generated app in
 * development mode and a browser entry Vite serves in place of the client build. On node, bun and
 * deno a request handler for Vite's module runner replaces the listening entry; on the edge the
 * worker entry stays, with a `wrangler.json` for workerd in dev.
 */
import { hasPages, type AppIR } from "../compiler/ir.js";
import { resolveRouting } from "../compiler/routing/resolve.js";
import { PRESETS } from "../compiler/targets.js";
import { uiLibrary } from "../compiler/ui/libraries.js";
import type { ClientManifest } from "../runtime/pages/types.js";
import { AI_STAND_IN_WORKER, aiStandInScript } from "./ai-stand-in.js";
import { EMAIL_STAND_IN_WORKER, emailStandInScript } from "./email-stand-in.js";
import { emitTarget } from "./emit.js";
import type { EmittedFile } from "./emitted-file.js";
import { renderTemplate } from "./template.js";
import { emitWranglerConfig } from "./wrangler.js";

/** Project-relative, POSIX: Vite serves the browser entry at `/` plus this path. */
export const DEV_GENERATED_DIR = ".sdk/generated/dev";
export const DEV_HANDLER_FILE = "handler.ts";
export const DEV_WRANGLER_FILE = "wrangler.json";
/** The worker entry as built, its console output tagged with the request or job (runtime/dev/console-tags.ts). */
const DEV_WORKER_FILE = "dev-worker.ts";
/** The AI binding's stand-in, an auxiliary worker of the dev server (emitters/ai-stand-in.ts). */
export const DEV_AI_STAND_IN_FILE = "ai-stand-in.js";
/** The send_email binding's stand-in, which delivers to the dev inbox (emitters/email-stand-in.ts). */
export const DEV_EMAIL_STAND_IN_FILE = "email-stand-in.js";
const DEV_CLIENT_FILE = "client-dev.ts";
/** The generated files a browser loads (the dev entry, the client entry it imports); the rest are the server's. */
export const DEV_BROWSER_FILES = [DEV_CLIENT_FILE, "client.ts"] as const;

export interface DevEmitOptions {
  defaultName: string;
  lockResolved?: Record<string, unknown>;
  /** The root `.env`: on the edge its values override `worker.vars`, in dev only. */
  envValues: Readonly<Record<string, string>>;
}

/**
 * No client build in dev: the document loads the dev entry, Vite serves the rest on demand, and
 * the dev server writes each page's CSS into its head (cli/dev/page-styles.ts).
 */
function devClientManifest(): ClientManifest {
  return { version: "dev", entry: `/${DEV_GENERATED_DIR}/${DEV_CLIENT_FILE}`, pages: {}, devStyles: true };
}

export function emitDevSources(appIR: AppIR, options: DevEmitOptions): EmittedFile[] {
  const { envValues, ...link } = options;
  const ir = withoutIsr(appIR);
  const built = emitTarget(ir, { projectRootFromGenerated: "../../..", lazyRoutes: ir.target === "edge", ...link, clientManifest: devClientManifest() });
  const files = ir.target === "edge" ? edgeDevFiles(ir, built, options) : nodeDevFiles(built, ir);
  if (hasPages(ir)) {
    const preamble = uiLibrary(ir.ui!).dev.clientPreamble;
    files.push({ path: DEV_CLIENT_FILE, content: renderTemplate("dev-client.ts.tpl", { preamble: preamble ? `\nimport ${JSON.stringify(preamble)};` : "" }) });
  }
  return files;
}

function nodeDevFiles(built: EmittedFile[], ir: AppIR): EmittedFile[] {
  const entryFile = PRESETS[ir.target].entryFile;
  return [...built.filter((file) => file.path !== entryFile), { path: DEV_HANDLER_FILE, content: renderTemplate("dev-handler.ts.tpl", {}) }];
}

/**
 * The worker entry as built, and its wrangler.json for the dev server: `main` is the entry's
 * source, wrapped to tag what the app prints, `.env` overrides `vars`, there is no asset
 * directory (Vite serves public/ itself) and no `triggers` (nothing schedules in dev:
 * /__sdk/scheduled fires them, and a saved cron expression then needs no worker restart) and no
 * `containers` (running one needs a Docker engine; the sandbox's class and binding stay, so the
 * app loads and `sdk/sandbox` reports what it cannot reach). The AI binding and each send_email
 * binding become service bindings to stand-in workers, which the dev server always runs beside
 * the app (cli/dev/edge-runtime.ts), so its worker list does not depend on the app's imports.
 */
function edgeDevFiles(ir: AppIR, built: EmittedFile[], options: DevEmitOptions): EmittedFile[] {
  const { assets: _assets, triggers: _triggers, containers: _containers, vars, ai, send_email: sendEmail, ...wrangler } = emitWranglerConfig({ ir, defaultName: options.defaultName, lockResolved: options.lockResolved });
  const standIns = [
    ...(ai ? [{ binding: (ai as { binding: string }).binding, service: AI_STAND_IN_WORKER }] : []),
    ...((sendEmail as { name: string }[] | undefined) ?? []).map(({ name }) => ({ binding: name, service: EMAIL_STAND_IN_WORKER })),
  ];
  const devVars = { ...(vars as Record<string, unknown> | undefined), ...options.envValues };
  const devConfig = {
    ...wrangler,
    main: `./${DEV_WORKER_FILE}`,
    ...(Object.keys(devVars).length ? { vars: devVars } : {}),
    ...(standIns.length ? { services: [...((wrangler.services as unknown[] | undefined) ?? []), ...standIns] } : {}),
  };
  return [
    ...built.filter((file) => file.path !== "wrangler.json"),
    { path: DEV_WRANGLER_FILE, content: `${JSON.stringify(devConfig, null, 2)}\n` },
    { path: DEV_WORKER_FILE, content: renderTemplate("dev-worker.ts.tpl", { entry: `./${PRESETS.edge.entryFile.replace(/\.ts$/, "")}` }) },
    { path: DEV_AI_STAND_IN_FILE, content: aiStandInScript() },
    { path: DEV_EMAIL_STAND_IN_FILE, content: emailStandInScript() },
  ];
}

/** In dev every request renders afresh: a saved file must never meet a cached answer. */
function withoutIsr(ir: AppIR): AppIR {
  const dev = { ...ir, config: { ...ir.config, routing: { ...ir.config.routing, isr: false } } };
  return { ...dev, routing: resolveRouting(dev) };
}
