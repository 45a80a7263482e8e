/**
 * Turns the IR into the generated app for one target: the same app and asset modules for every
 * target, plus the target's entry (and, for the edge, `wrangler.json`).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hasPages, type AppIR } from "../compiler/ir.js";
import type { ClientManifest } from "../runtime/pages/types.js";
import { emitAppModule } from "./app-module.js";
import { emitAssetsModule } from "./assets-module.js";
import { emitAuthModule } from "./auth-module.js";
import { emitCronsModule, serverCronSlots, workerCronSlots } from "./crons-module.js";
import { emitDatabaseModule, queriedDatabase, workerDatabaseSlots } from "./database-module.js";
import { emitEmailModule, workerEmailSlots } from "./email-module.js";
import type { EmittedFile } from "./emitted-file.js";
import { emitPlatformModule, needsPlatformModule } from "./platform-module.js";
import { EMPTY_CLIENT_MANIFEST, emitClientEntry, emitClientManifest, emitPagesModule } from "./pages-module.js";
import { emitRoutingModules } from "./routing-module.js";
import { emitPackagedDockerfile, PACKAGED_DOCKERFILE, usesPackagedDockerfile } from "./sandbox.js";
import { emitDurableStateModule, hasDurableState, workerDurableStateSlots } from "./durable-state-module.js";
import { appQueues, emitQueuesModule, workerQueueSlots, type AppQueue } from "./queues-module.js";
import { serverShareSlots } from "./share-slots.js";
import type { SourceLink } from "./source-link.js";
import { PRESETS, type TargetPreset } from "../compiler/targets.js";
import { renderTemplate } from "./template.js";
import { emitWranglerConfig, queueWorkerName, workerHasNodeModules } from "./wrangler.js";

export interface EmitOptions extends SourceLink {
  defaultName: string;
  lockResolved?: Record<string, unknown>;
  /** The client build's result, once it has run; pages link nothing before. */
  clientManifest?: ClientManifest;
}

export function emitTarget(ir: AppIR, options: EmitOptions): EmittedFile[] {
  const preset = PRESETS[ir.target];
  // Queues are edge-only: on other targets the build stops on SDK_QUEUE_EDGE_ONLY before emitting.
  const queues = ir.target === "edge" ? appQueues(ir, queueWorkerName(ir, options.defaultName)) : [];
  const wrangler = ir.target === "edge" ? emitWranglerConfig({ ir, defaultName: options.defaultName, lockResolved: options.lockResolved }) : undefined;
  // sdk dev's worker keeps the web-stream renders: the same HTML, and no dependency of ours for
  // Cloudflare's Vite plugin to discover and optimize at a first request.
  const nodeModules = preset.requireAvailable || (wrangler !== undefined && ir.mode === "production" && workerHasNodeModules(wrangler));
  const files: EmittedFile[] = [
    { path: "app.ts", content: emitAppModule(ir, options) },
    { path: "assets.ts", content: emitAssetsModule(ir) },
    ...emitRoutingModules(ir),
    ...capabilityModules(ir, options, queues, nodeModules),
    { path: preset.entryFile, content: renderTemplate(preset.entryTemplate, entrySlots(ir, preset, queues)) },
  ];
  if (wrangler !== undefined) {
    files.push({ path: "wrangler.json", content: `${JSON.stringify(wrangler, null, 2)}\n` });
  }
  return files;
}

/** The entry's slots: what the server or the worker imports and exports for the app's capabilities. */
function entrySlots(ir: AppIR, preset: TargetPreset, queues: AppQueue[]): Record<string, string> {
  if (preset.entryTemplate === "server.ts.tpl") {
    return { runtimeName: preset.runtimeName, startCommand: preset.startCommand, target: preset.target, ...serverCronSlots(ir), ...serverShareSlots(ir) };
  }
  return { ...workerCronSlots(ir.jobs.crons.length > 0), ...workerQueueSlots(queues.length > 0), ...workerEmailSlots(ir.jobs.email.length > 0), ...workerDurableStateSlots(ir), ...workerDatabaseSlots(ir) };
}

/** The modules only some apps need, each when the app uses its capability. */
function capabilityModules(ir: AppIR, options: EmitOptions, queues: AppQueue[], nodeModules: boolean): EmittedFile[] {
  const database = queriedDatabase(ir);
  return [
    ...(database ? [{ path: "database.ts", content: emitDatabaseModule(database, ir.auth !== null, options) }] : []),
    ...(ir.auth && ir.database ? [{ path: "auth.ts", content: emitAuthModule({ ...ir, auth: ir.auth, database: ir.database }, options) }] : []),
    ...(needsPlatformModule(ir) ? [{ path: "platform.ts", content: emitPlatformModule(ir) }] : []),
    ...(hasPages(ir) ? emitPageModules(ir, options, nodeModules) : []),
    ...(ir.jobs.crons.length > 0 ? [{ path: "crons.ts", content: emitCronsModule(ir, options) }] : []),
    ...(queues.length > 0 ? [{ path: "queues.ts", content: emitQueuesModule(queues, options) }] : []),
    ...(hasDurableState(ir) ? [{ path: "durable-state.ts", content: emitDurableStateModule(ir, options) }] : []),
    // Inbound mail is edge-only: on other targets the build stops on SDK_EMAIL_EDGE_ONLY before emitting.
    ...(ir.target === "edge" && ir.jobs.email.length > 0 ? [{ path: "email.ts", content: emitEmailModule(ir.jobs.email, options) }] : []),
    ...(usesPackagedDockerfile(ir.sandbox) ? [{ path: PACKAGED_DOCKERFILE, content: emitPackagedDockerfile() }] : []),
  ];
}

function emitPageModules(ir: AppIR, options: EmitOptions, nodeModules: boolean): EmittedFile[] {
  return [
    { path: "pages.ts", content: emitPagesModule(ir, options, nodeModules) },
    { path: "client.ts", content: emitClientEntry(ir, options) },
    { path: "client-manifest.ts", content: emitClientManifest(options.clientManifest ?? EMPTY_CLIENT_MANIFEST) },
  ];
}

/** Replaces the folder's contents, so files from an earlier build never linger. */
export function writeEmitted(dir: string, files: EmittedFile[]): void {
  rmSync(dir, { recursive: true, force: true });
  writeFiles(dir, files);
}

/** Writes the files under `dir`, creating folders; other files in `dir` are left alone. */
export function writeFiles(dir: string, files: EmittedFile[]): void {
  for (const file of files) {
    const target = path.join(dir, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
}
