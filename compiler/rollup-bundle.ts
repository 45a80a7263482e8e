/**
 * The Rollup back end: the edge's bundle, and the server bundle of an app with pages. Its plugins
 * resolve packages, read CommonJS and JSON, and compile TypeScript with esbuild; `sdkPlugin()`
 * adds the same ones to a plain Rollup build.
 */
import path from "node:path";
import { rollup, type InputPluginOption } from "rollup";
import esbuild from "rollup-plugin-esbuild";
import commonjsModule from "@rollup/plugin-commonjs";
import jsonModule from "@rollup/plugin-json";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import type { TargetPreset } from "../emitters/targets.js";
import { externalFor, failOnUnresolvedImports, SOURCE_EXTENSIONS, type BackEndUi, type BundleOptions, type BundleResult } from "./bundle.js";
import { toUserError } from "./bundle-errors.js";
import { cssPlugin } from "./css-plugin.js";
import { sdkResolverPlugin } from "./resolve-sdk.js";
import { uiRollupPlugins } from "./ui/rollup-plugins.js";

// Their types declare CommonJS, so TypeScript puts the plugin under `.default`; Node loads their
// ES build, whose default export is the plugin itself.
const commonjs = commonjsModule as unknown as typeof commonjsModule.default;
const json = jsonModule as unknown as typeof jsonModule.default;

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

export async function bundleWithRollup(options: BundleOptions): Promise<BundleResult> {
  const { root, entry, outDir, preset } = options;
  const warnings: string[] = [];
  try {
    const bundle = await rollup({
      input: entry,
      external: externalFor(preset),
      onLog: failOnUnresolvedImports(warnings),
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
