/**
 * `sdk build`: config, scan and validate, emit, bundle, copy assets. Each phase is timed for the
 * CLI's progress lines; a user mistake stops the build with located diagnostics (UserError).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "rollup";
import { bundleTarget } from "../bundler/bundle-target.js";
import type { BundledChunk } from "../bundler/chunk-modules.js";
import { buildClient, pageSourcePlugins, serverBundleUi } from "../bundler/pages-build.js";
import type { SdkConfig } from "../compiler/config/define.js";
import { loadConfig } from "../compiler/config/load.js";
import { hasErrors, UserError, type Diagnostic } from "../compiler/diagnostics.js";
import { appendDurableHistory } from "../compiler/durable-state/history.js";
import { loadEnv } from "../compiler/env/load.js";
import { buildIR } from "../compiler/front-end.js";
import { appBuildCommand, runAppBuild, type AppBuildOptions } from "../compiler/inference/app-build.js";
import { hasPages, type AppIR, type BuildMode, type Target, type UiLibraryName } from "../compiler/ir.js";
import { readAppName, readLockResolved } from "../compiler/project-files.js";
import { deferPrerender, replaceAssets } from "../compiler/routing/resolve.js";
import { PRESETS } from "../compiler/targets.js";
import { edgeHeadersFile } from "../emitters/edge-headers.js";
import { emitTarget, writeEmitted } from "../emitters/emit.js";
import { PACKAGED_DOCKERFILE } from "../emitters/sandbox.js";
import { dataUrlFor } from "../runtime/pages/data-url.js";
import type { ClientManifest } from "../runtime/pages/types.js";
import { mayPrerender, prerender, type DeferredPrerender } from "./prerender.js";
import type { ReportData } from "./report/data.js";
import { loadTreemap, reportDir } from "./report/treemap.js";
import { writeReport } from "./report/write.js";

export type PhaseName = "config" | "scan" | "app build" | "emit" | "client" | "prerender" | "bundle" | "assets" | "report";

export interface PhaseReport {
  name: PhaseName;
  ms: number;
}

export interface OutputFile {
  /** Project-relative path. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BuildOptions {
  root: string;
  target?: Target;
  mode?: BuildMode;
  /** Plugins from bundler.config.ts, kept in the build. */
  userPlugins?: Plugin[];
  /** A config already loaded and validated, used instead of sdk.config.ts (a dry run's in-memory conversion of older files). */
  config?: SdkConfig;
  /** `sdkPlugin({ ui })` from bundler.config.ts: the pages' UI library where dependencies leave it open. */
  ui?: UiLibraryName;
  /** Where the app's own build command prints; by default our stdout and stderr. */
  onCommandOutput?: AppBuildOptions["onOutput"];
  onPhase?: (phase: PhaseReport) => void;
  /** Draw the report's treemap too (`sdk build --report`): it doubles a large app's build time, so it is asked for. */
  treemap?: boolean;
}

export interface BuildReport {
  target: Target;
  ir: AppIR;
  phases: PhaseReport[];
  outputs: OutputFile[];
  warnings: Diagnostic[];
  /** `.sdk/report/report.json`'s content. */
  report: ReportData;
  /** `.sdk/report/index.html`, or null when it was not asked for. */
  treemap: string | null;
  /** Prerendered paths left to the running app: `sdk deploy` renders them before traffic moves. */
  deferredPrerender: DeferredPrerender[];
}

export interface FrontEndResult {
  ir: AppIR;
  generatedDir: string;
  warnings: Diagnostic[];
}

async function timed<T>(phases: PhaseReport[], name: PhaseName, onPhase: BuildOptions["onPhase"], work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const phase = { name, ms: performance.now() - started };
  phases.push(phase);
  onPhase?.(phase);
  return result;
}

/** Config, scan and validate. Diagnostics stay in the IR; `sdk inspect` shows them all. */
export async function analyze(options: BuildOptions, phases: PhaseReport[] = []): Promise<AppIR> {
  const root = path.resolve(options.root);
  const mode = options.mode ?? "production";
  const { config } = await timed(phases, "config", options.onPhase, async () => (options.config ? { config: options.config } : loadConfig(root)));
  const target = options.target ?? config.target ?? "edge";
  return timed(phases, "scan", options.onPhase, async () => buildIR(root, { config, target, mode, ui: options.ui, env: await loadEnv(root, { config, mode }), scanCache: true }));
}

/** Everything up to the bundler, shared by `sdk build`, `sdk eject` and sdkPlugin(). Stops on errors. */
export async function runFrontEnd(options: BuildOptions, phases: PhaseReport[] = []): Promise<FrontEndResult> {
  const root = path.resolve(options.root);
  const ir = await analyze(options, phases);
  if (hasErrors(ir.diagnostics)) throw new UserError(ir.diagnostics.filter((d) => d.severity === "error"));
  const command = appBuildCommand(root, ir);
  if (command || ir.appType !== "sdk") {
    await timed(phases, "app build", options.onPhase, () => runAppBuild(root, ir, command, { onOutput: options.onCommandOutput }));
  }
  const generatedDir = path.join(root, ".sdk", "generated", ir.target);
  await timed(phases, "emit", options.onPhase, () => emitGenerated(root, ir, generatedDir));
  return { ir, generatedDir, warnings: ir.diagnostics.filter((d) => d.severity === "warning") };
}

/** `.sdk/ir.json` and `.sdk/generated/<target>/`, written anew. */
function emitGenerated(root: string, ir: AppIR, generatedDir: string, clientManifest?: ClientManifest): void {
  mkdirSync(path.join(root, ".sdk"), { recursive: true });
  writeFileSync(path.join(root, ".sdk", "ir.json"), `${JSON.stringify(ir, null, 2)}\n`);
  const files = emitTarget(ir, {
    projectRootFromGenerated: "../../..",
    defaultName: readAppName(root),
    lockResolved: readLockResolved(root),
    clientManifest,
  });
  writeEmitted(generatedDir, files);
}

/** The browser bundle of the pages; its files join the assets and its manifest the generated app. */
export async function buildPagesClient(root: string, ir: AppIR, generatedDir: string, userPlugins: Plugin[]): Promise<{ manifest: ClientManifest; chunks: BundledChunk[] }> {
  const client = await buildClient(root, ir, generatedDir, userPlugins);
  emitGenerated(root, ir, generatedDir, client.manifest);
  return client;
}

/**
 * Prerendered pages join the assets (replacing a public/ file at the same path), the paths left to
 * the running app join its routing (ISR keeps them), and the generated app is emitted again.
 */
async function prerenderInto(root: string, ir: AppIR, generatedDir: string, warnings: Diagnostic[], clientManifest?: ClientManifest, userPlugins?: Plugin[]): Promise<DeferredPrerender[]> {
  const rendered = await prerender(root, ir, generatedDir, userPlugins);
  if (hasErrors(rendered.diagnostics)) throw new UserError(rendered.diagnostics.filter((d) => d.severity === "error"));
  warnings.push(...rendered.diagnostics);
  if (rendered.assets.length === 0 && rendered.deferred.length === 0) return [];
  const paths = new Set(rendered.assets.map((asset) => asset.path));
  replaceAssets(ir, [...ir.assets.filter((asset) => !paths.has(asset.path)), ...rendered.assets].sort((a, b) => (a.path < b.path ? -1 : 1)));
  if (rendered.deferred.length > 0) deferPrerender(ir, rendered.deferred.flatMap((job) => (job.withData ? [job.path, dataUrlFor(job.path)] : [job.path])));
  emitGenerated(root, ir, generatedDir, clientManifest);
  return rendered.deferred;
}

function describeOutput(root: string, file: string): OutputFile {
  const content = readFileSync(file);
  return { file: path.relative(root, file).split(path.sep).join("/"), bytes: content.length, gzipBytes: gzipSync(content).length };
}

/**
 * The assets (public/, the client build, prerendered pages) into the client folder, replacing
 * what was there; on the edge, with the `_headers` that keep hashed build files cached.
 */
export function copyAssets(root: string, ir: AppIR, clientDir: string): string[] {
  rmSync(clientDir, { recursive: true, force: true });
  mkdirSync(clientDir, { recursive: true });
  const copied = ir.assets.map((asset) => {
    const to = path.join(clientDir, asset.path.slice(1));
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(root, asset.file), to);
    return to;
  });
  if (ir.target !== "edge") return copied;
  const headersFile = path.join(clientDir, "_headers");
  const headers = edgeHeadersFile(ir.assets, existsSync(headersFile) ? readFileSync(headersFile, "utf8") : null);
  if (headers === null) return copied;
  writeFileSync(headersFile, headers);
  return copied.includes(headersFile) ? copied : [...copied, headersFile];
}

/** The edge's wrangler.json sits beside the bundle, so its relative paths hold. */
export function copyWranglerConfig(generatedDir: string, serverDir: string): string {
  const wrangler = path.join(serverDir, "wrangler.json");
  mkdirSync(serverDir, { recursive: true });
  copyFileSync(path.join(generatedDir, "wrangler.json"), wrangler);
  return wrangler;
}

/** The sandbox's packaged Dockerfile, which wrangler.json names relative to itself, when the app uses it. */
function copyPackagedDockerfile(generatedDir: string, serverDir: string): string[] {
  const generated = path.join(generatedDir, PACKAGED_DOCKERFILE);
  if (!existsSync(generated)) return [];
  const copy = path.join(serverDir, PACKAGED_DOCKERFILE);
  mkdirSync(path.dirname(copy), { recursive: true });
  copyFileSync(generated, copy);
  return [copy];
}

export async function build(options: BuildOptions): Promise<BuildReport> {
  const root = path.resolve(options.root);
  const phases: PhaseReport[] = [];
  const { ir, generatedDir, warnings } = await runFrontEnd(options, phases);
  rmSync(reportDir(root), { recursive: true, force: true });
  const treemap = options.treemap ? await loadTreemap(root) : null;
  const withTreemap = (bundle: "server" | "client") => [...(options.userPlugins ?? []), ...(treemap ? [treemap.plugin(bundle)] : [])];
  const client = hasPages(ir)
    ? await timed(phases, "client", options.onPhase, () => buildPagesClient(root, ir, generatedDir, withTreemap("client")))
    : undefined;
  const clientManifest = client?.manifest;
  const deferredPrerender = mayPrerender(ir)
    ? await timed(phases, "prerender", options.onPhase, () => prerenderInto(root, ir, generatedDir, warnings, clientManifest, options.userPlugins))
    : [];
  const preset = PRESETS[ir.target];
  const serverDir = path.join(root, "dist", "server");
  const bundled = await timed(phases, "bundle", options.onPhase, async () => {
    rmSync(serverDir, { recursive: true, force: true });
    const result = await bundleTarget({
      root,
      entry: path.join(generatedDir, preset.entryFile),
      outDir: serverDir,
      preset,
      ui: serverBundleUi(root, ir),
      userPlugins: [...withTreemap("server"), ...pageSourcePlugins(ir, root)],
    });
    if (ir.target === "edge") result.files.push(copyWranglerConfig(generatedDir, serverDir), ...copyPackagedDockerfile(generatedDir, serverDir));
    return result;
  });
  const assets = await timed(phases, "assets", options.onPhase, () => copyAssets(root, ir, path.join(root, "dist", "client")));
  // The build's wrangler.json carries this migration: from here on the history holds it.
  appendDurableHistory(root, ir.durableState.migrations.slice(ir.durableState.recorded));
  const outputs = [...bundled.files, ...assets].map((file) => describeOutput(root, file));
  const { report, html } = await timed(phases, "report", options.onPhase, () =>
    writeReport(root, {
      target: ir.target,
      outputs,
      server: { dir: "dist/server", chunks: bundled.chunks },
      client: client && { dir: "dist/client", chunks: client.chunks, manifest: client.manifest },
    }, treemap),
  );
  return { target: ir.target, ir, phases, outputs, warnings, report, treemap: html, deferredPrerender };
}
