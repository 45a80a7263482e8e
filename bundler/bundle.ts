/**
 * The server back end: bundles a target's generated entry, the user's modules, our runtime and
 * every dependency into dist/server (one file, plus chunks only reached through `import()` on node,
 * bun and deno), so dist/ runs with no node_modules beside it. Rolldown bundles every target
 * (rolldown-bundle.ts, started by bundle-target.ts); what it shares with `sdkPlugin()`'s Rollup
 * plugins (rollup-plugins.ts) is here.
 */
import { builtinModules } from "node:module";
import type { Plugin } from "rollup";
import type { BuildMode } from "../compiler/ir.js";
import type { TargetPreset } from "../compiler/targets.js";
import type { UiLibrary } from "../compiler/ui/library.js";
import type { BundledChunk } from "./chunk-modules.js";
import { isOptionalPeerImport } from "./optional-peer.js";

export interface BundleOptions {
  root: string;
  entry: string;
  outDir: string;
  preset: TargetPreset;
  /** Set for an app with pages. */
  ui?: BackEndUi;
  /** Plugins from the user's bundler.config.ts, run before ours. */
  userPlugins?: Plugin[];
}

export interface BundleResult {
  files: string[];
  warnings: string[];
  /** The JavaScript chunks written and the modules in each, for the build report. */
  chunks: BundledChunk[];
}

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
const QUIET_WARNINGS = new Set(["THIS_IS_UNDEFINED", "CIRCULAR_DEPENDENCY"]);

/** An app with pages: the UI library its components compile with, the build's mode, the app's root. */
export interface BackEndUi {
  library: UiLibrary;
  mode: BuildMode;
  /** Where the library's packages are resolved from (see UiLibrary.dedupe). */
  root: string;
}

/** What an import without an extension may name, most preferred first. */
export const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js", ".json"];

/** Node built-ins stay imports: every runtime we target provides them (the edge with nodejs_compat). */
export function isBuiltin(id: string): boolean {
  return BUILTINS.has(id);
}

/** Every name of a Node built-in, bare and with `node:`. */
export function builtinIds(): string[] {
  return [...BUILTINS];
}

/** The runtime's own modules (workerd's `cloudflare:*`) stay imports. */
export function isRuntimeModule(preset: TargetPreset, id: string): boolean {
  return preset.runtimeModulePrefixes.some((prefix) => id.startsWith(prefix));
}

/** Built-ins and the runtime's own modules stay imports. */
export function externalFor(preset: TargetPreset): (id: string) => boolean {
  return (id) => isBuiltin(id) || isRuntimeModule(preset, id);
}

interface BundlerLog {
  code?: string;
  id?: string;
  exporter?: string;
  message: string;
}

/**
 * Both bundlers leave an import they cannot resolve external, and dist/ would fail when it
 * starts: it fails the build instead, but for a package's optional peer that is not installed.
 * Other warnings are collected.
 */
export function failOnUnresolvedImports(warnings: string[]) {
  return <Log extends BundlerLog>(level: string, log: Log, handle: (level: "error", log: Log) => void): void => {
    if (log.code === "UNRESOLVED_IMPORT") {
      if (log.id && log.exporter && isOptionalPeerImport(log.id, log.exporter)) return;
      return handle("error", log);
    }
    if (level === "warn" && !QUIET_WARNINGS.has(log.code ?? "")) warnings.push(log.message);
  };
}
