/**
 * The Rollup back end: bundles a target's generated entry, the user's modules, our runtime and
 * every dependency into one file in dist/server, so dist/ runs with no node_modules beside it.
 */
import { builtinModules } from "node:module";
import path from "node:path";
import { rollup, type Plugin, type RollupLog } from "rollup";
import esbuild from "rollup-plugin-esbuild";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import type { TargetPreset } from "../emitters/targets.js";
import { error, UserError } from "./diagnostics.js";
import { sdkResolverPlugin, UnavailableModuleError } from "./resolve-sdk.js";

export interface BundleOptions {
  root: string;
  entry: string;
  outDir: string;
  preset: TargetPreset;
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

/** Rollup and plugin failures caused by the user's code become located diagnostics. */
function toUserError(root: string, cause: unknown): UserError | null {
  const err = cause as { code?: string; id?: string; loc?: { file?: string; line: number; column: number }; message?: string; cause?: unknown; exporter?: string };
  if (err.cause instanceof UnavailableModuleError || cause instanceof UnavailableModuleError) {
    const unavailable = (err.cause ?? cause) as UnavailableModuleError;
    return new UserError([error("SDK_MODULE_UNAVAILABLE", unavailable.message, {
      file: relativeTo(root, unavailable.importer),
      hint: "remove the import; this module arrives with a later version",
    })]);
  }
  if (err.code === "UNRESOLVED_IMPORT" || err.code === "PLUGIN_ERROR" || err.code === "PARSE_ERROR" || err.code === "MISSING_EXPORT") {
    const file = relativeTo(root, err.loc?.file ?? err.id);
    const message = (err.message ?? "bundling failed").split("\n")[0].replace(/^\[plugin [^\]]+\]\s*/, "");
    return new UserError([error(err.code === "UNRESOLVED_IMPORT" ? "SDK_IMPORT_UNRESOLVED" : "SDK_BUNDLE", message, {
      file,
      line: err.loc?.line,
      column: err.loc ? err.loc.column + 1 : undefined,
      hint: err.code === "UNRESOLVED_IMPORT" ? "install the package in the app (npm install <name>) or fix the path" : undefined,
    })]);
  }
  return null;
}

export async function bundleTarget(options: BundleOptions): Promise<BundleResult> {
  const { root, entry, outDir, preset } = options;
  const warnings: string[] = [];
  const onLog = (level: string, log: RollupLog) => {
    if (level === "warn" && !QUIET_WARNINGS.has(log.code ?? "")) warnings.push(log.message);
  };
  try {
    const bundle = await rollup({
      input: entry,
      external: (id) => BUILTINS.has(id),
      onLog,
      plugins: [
        sdkResolverPlugin(),
        ...(options.userPlugins ?? []),
        nodeResolve({ exportConditions: preset.exportConditions, preferBuiltins: true, extensions: [".ts", ".tsx", ".mts", ".mjs", ".js", ".json"] }),
        esbuild({ target: "es2022", minify: preset.minify, sourceMap: true, tsconfig: false, legalComments: "none" }),
      ],
    });
    const { output } = await bundle.write({
      dir: outDir,
      format: "es",
      entryFileNames: "index.mjs",
      sourcemap: true,
      inlineDynamicImports: true,
      generatedCode: "es2015",
    });
    await bundle.close();
    return { files: output.map((chunk) => path.join(outDir, chunk.fileName)), warnings };
  } catch (cause) {
    throw toUserError(root, cause) ?? cause;
  }
}
