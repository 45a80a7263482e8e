/**
 * The Rollup back end: bundles a target's generated entry, the user's modules, our runtime and
 * every dependency into dist/server (one file, plus chunks only reached through `import()` on node,
 * bun and deno), so dist/ runs with no node_modules beside it.
 */
import { builtinModules } from "node:module";
import path from "node:path";
import { rollup, type InputPluginOption, type LogLevel, type LogOrStringHandler, type Plugin, type RollupLog } from "rollup";
import esbuild from "rollup-plugin-esbuild";
import commonjsModule from "@rollup/plugin-commonjs";
import jsonModule from "@rollup/plugin-json";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import type { TargetPreset } from "../emitters/targets.js";
import { importPosition } from "./config/evaluate.js";
import { cssPlugin } from "./css-plugin.js";
import { error, UserError } from "./diagnostics.js";
import type { BuildMode } from "./ir.js";
import { MarkdownFrontmatterError } from "./markdown/frontmatter-error.js";
import { isOptionalPeerImport, packageName } from "./optional-peer.js";
import { sdkResolverPlugin } from "./resolve-sdk.js";
import type { UiLibrary } from "./ui/library.js";
import { uiRollupPlugins } from "./ui/rollup-plugins.js";

// Their types declare CommonJS, so TypeScript puts the plugin under `.default`; Node loads their
// ES build, whose default export is the plugin itself.
const commonjs = commonjsModule as unknown as typeof commonjsModule.default;
const json = jsonModule as unknown as typeof jsonModule.default;

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
}

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
const QUIET_WARNINGS = new Set(["THIS_IS_UNDEFINED", "CIRCULAR_DEPENDENCY"]);

function relativeTo(root: string, file: string | undefined): string | undefined {
  return file ? path.relative(root, file).split(path.sep).join("/") : undefined;
}

interface BundleFailure {
  code?: string;
  id?: string;
  loc?: { file?: string; line: number; column: number };
  message?: string;
  cause?: unknown;
  exporter?: string;
  binding?: string;
  /** esbuild's own errors, kept on the error rollup-plugin-esbuild throws. */
  errors?: { text: string; location?: { line: number; column: number } | null }[];
}

/** Rollup and plugin failures caused by the user's code become located diagnostics. */
export async function toUserError(root: string, cause: unknown): Promise<UserError | null> {
  const err = cause as BundleFailure;
  if (err.code === "UNRESOLVED_IMPORT" && err.id && err.exporter) return unresolvedImport(root, err.id, err.exporter);
  if (err.code === "MISSING_EXPORT" && err.binding && err.exporter) {
    return new UserError([error("SDK_IMPORT_MISSING_EXPORT", `"${err.binding}" is not exported by ${relativeTo(root, err.exporter)}`, {
      file: relativeTo(root, err.id),
      ...located(err.loc),
      hint: `import a name that ${relativeTo(root, err.exporter)} exports, or export "${err.binding}" from it`,
    })]);
  }
  if (err.cause instanceof MarkdownFrontmatterError) {
    const { code, message, file, line, column, hint } = err.cause;
    return new UserError([error(code, message, { file: relativeTo(root, file), line, column, ...(hint ? { hint } : {}) })]);
  }
  const esbuildError = err.errors?.[0];
  if (err.code === "PLUGIN_ERROR" && esbuildError) {
    return new UserError([error("SDK_SYNTAX", esbuildError.text, {
      file: relativeTo(root, err.id),
      ...(esbuildError.location ? { line: esbuildError.location.line, column: esbuildError.location.column + 1 } : {}),
      hint: "Fix the syntax error; the file cannot be compiled as it is.",
    })]);
  }
  if (err.code === "UNRESOLVED_IMPORT" || err.code === "PLUGIN_ERROR" || err.code === "PARSE_ERROR" || err.code === "MISSING_EXPORT") {
    const message = (err.message ?? "bundling failed").split("\n")[0].replace(/^\[plugin [^\]]+\]\s*/, "");
    return new UserError([error(err.code === "UNRESOLVED_IMPORT" ? "SDK_IMPORT_UNRESOLVED" : "SDK_BUNDLE", message, {
      file: relativeTo(root, err.loc?.file ?? err.id),
      ...located(err.loc),
    })]);
  }
  return null;
}

/** Rollup's columns count from 0, ours from 1. */
function located(loc: BundleFailure["loc"]): { line?: number; column?: number } {
  return loc ? { line: loc.line, column: loc.column + 1 } : {};
}

/** Located at the specifier in the importing file; Rollup names only the importer. */
async function unresolvedImport(root: string, importer: string, specifier: string): Promise<UserError> {
  const file = relativeTo(root, importer);
  const relative = specifier.startsWith(".") || path.isAbsolute(specifier);
  return new UserError([error("SDK_IMPORT_UNRESOLVED", `${file} imports "${specifier}", which cannot be resolved`, {
    file,
    ...(await importPosition(importer, specifier)),
    hint: relative ? "fix the path; the file does not exist" : `install the package in the app (npm install ${packageName(specifier)}) or fix the name`,
  })]);
}

/** An app with pages: the UI library its components compile with, the build's mode, the app's root. */
export interface BackEndUi {
  library: UiLibrary;
  mode: BuildMode;
  /** Where the library's packages are resolved from (see UiLibrary.dedupe). */
  root: string;
}

/** What an import without an extension may name, most preferred first. */
export const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js", ".json"];

/**
 * Everything but the user's plugins: how a target's bundle resolves and compiles modules. With
 * pages, the server compiles the components as the client bundle does and drops their CSS.
 */
export function backEndPlugins(preset: TargetPreset, ui?: BackEndUi): InputPluginOption[] {
  const esbuildOptions = { target: "es2022", minify: preset.minify, sourceMap: true, tsconfig: false, legalComments: "none" } as const;
  const extensions = ui ? [...new Set([...SOURCE_EXTENSIONS, ...ui.library.pageExtensions])] : SOURCE_EXTENSIONS;
  const resolve = nodeResolve({
    // The mode as a condition, as Vite sets it: Svelte and Solid pick their dev builds by it.
    exportConditions: ui ? [...preset.exportConditions, ...(ui.library.compile.exportConditions ?? []), ui.mode] : preset.exportConditions,
    preferBuiltins: true,
    extensions,
    ...(ui ? { dedupe: [...ui.library.dedupe], rootDir: ui.root } : {}),
  });
  // Many server packages still ship CommonJS only (mysql2, the Node drivers).
  if (!ui) return [resolve, json(), commonjs({ sourceMap: true }), esbuild(esbuildOptions)];
  return [resolve, cssPlugin("server"), ...uiRollupPlugins(ui.library, { mode: ui.mode, side: "server", esbuild: esbuildOptions })];
}

/** Node built-ins stay imports: every runtime we target provides them (the edge with nodejs_compat). */
export function isBuiltin(id: string): boolean {
  return BUILTINS.has(id);
}

export async function bundleTarget(options: BundleOptions): Promise<BundleResult> {
  const { root, entry, outDir, preset } = options;
  const warnings: string[] = [];
  // Rollup would leave an unresolved package external, and dist/ would fail when it starts.
  const onLog = (level: LogLevel, log: RollupLog, handle: LogOrStringHandler) => {
    if (log.code === "UNRESOLVED_IMPORT") {
      if (log.id && log.exporter && isOptionalPeerImport(log.id, log.exporter)) return;
      return handle("error", log);
    }
    if (level === "warn" && !QUIET_WARNINGS.has(log.code ?? "")) warnings.push(log.message);
  };
  try {
    const bundle = await rollup({
      input: entry,
      external: (id) => isBuiltin(id) || preset.runtimeModulePrefixes.some((prefix) => id.startsWith(prefix)),
      onLog,
      plugins: [sdkResolverPlugin(), ...(options.userPlugins ?? []), ...backEndPlugins(preset, options.ui)],
    });
    const { output } = await bundle.write({
      dir: outDir,
      format: "es",
      entryFileNames: "index.mjs",
      sourcemap: true,
      ...(preset.chunkFileNames === null ? { inlineDynamicImports: true } : { chunkFileNames: preset.chunkFileNames }),
      generatedCode: "es2015",
    });
    await bundle.close();
    return { files: output.map((chunk) => path.join(outDir, chunk.fileName)), warnings };
  } catch (cause) {
    throw (await toUserError(root, cause)) ?? cause;
  }
}
