/**
 * `sdkPlugin()` from `sdk/plugin`. In an app's bundler.config.ts it marks the build as an sdk
 * build: `sdk build` loads the file and keeps every other plugin in its own pipeline. Used
 * directly in a Rollup build, it is the whole pipeline: before the build it runs the front end
 * (config, scan, validate, emit), makes the generated entry the input and adds the target's
 * resolution and TypeScript plugins; after writing, it copies public/ to `<output dir>/../client`
 * (and wrangler.json beside an edge bundle), the layout `sdk build` gives dist/.
 */
import path from "node:path";
import type { InputPluginOption, Plugin } from "rollup";
import { isBuiltin } from "../bundler/bundle.js";
import { error, UserError } from "../compiler/diagnostics.js";
import { hasPages, type BuildMode, type Target, type UiLibraryName } from "../compiler/ir.js";
import { sdkResolverPlugin } from "../compiler/resolve-sdk.js";
import { PRESETS } from "../compiler/targets.js";
import { copyAssets, copyWranglerConfig, runFrontEnd, type FrontEndResult } from "./pipeline.js";

export interface SdkPluginOptions {
  root?: string;
  target?: Target;
  mode?: BuildMode;
  /** The pages' UI library, when the app's dependencies hold more than one (react and solid-js). */
  ui?: UiLibraryName;
}

/** What `sdk build` reads from the sdkPlugin() a bundler.config.ts lists. */
export interface SdkPluginApi {
  options: SdkPluginOptions;
}

export const SDK_PLUGIN_NAME = "sdk";

export function sdkPlugin(options: SdkPluginOptions = {}): Plugin<SdkPluginApi> {
  const root = path.resolve(options.root ?? process.cwd());
  let frontEnd: FrontEndResult | undefined;
  return {
    name: SDK_PLUGIN_NAME,
    api: { options },
    async options(input) {
      frontEnd = await runFrontEnd({ root, target: options.target, mode: options.mode, ui: options.ui });
      if (hasPages(frontEnd.ir)) {
        throw new UserError([error("SDK_PLUGIN_PAGES", "sdkPlugin() in a plain Rollup build does not build pages/ yet: they need a client build beside the server's", {
          hint: "build the app with `sdk build`; a bundler.config.ts listing sdkPlugin() keeps your other plugins there",
        })]);
      }
      const preset = PRESETS[frontEnd.ir.target];
      // Loaded here: bundler.config.ts names this plugin, and `sdk build` need not load Rollup.
      const { backEndPlugins } = await import("../bundler/rollup-plugins.js");
      const plugins: InputPluginOption[] = [input.plugins, sdkResolverPlugin(), ...backEndPlugins(preset)];
      return { ...input, input: path.join(frontEnd.generatedDir, preset.entryFile), external: isBuiltin, plugins };
    },
    writeBundle(output) {
      if (!frontEnd) return;
      const serverDir = path.resolve(output.dir ?? path.dirname(output.file ?? "dist/server/index.mjs"));
      copyAssets(root, frontEnd.ir, path.join(serverDir, "..", "client"));
      if (frontEnd.ir.target === "edge") copyWranglerConfig(frontEnd.generatedDir, serverDir);
    },
  };
}
