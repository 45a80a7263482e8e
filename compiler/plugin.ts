/**
 * `sdkPlugin()` from `sdk/plugin`, for a user's bundler.config.ts. In that file it marks the
 * build as an sdk build: `sdk build` loads the file, keeps every other plugin and runs them in
 * its own pipeline. Used directly by Rollup or Vite, it runs the front end (config, scan,
 * validate, emit) before the build starts, makes the generated entry the input and resolves
 * `sdk` imports to the runtime.
 */
import path from "node:path";
import type { Plugin } from "rollup";
import { PRESETS } from "../emitters/targets.js";
import type { BuildMode, Target } from "./ir.js";
import { runFrontEnd } from "./pipeline.js";
import { sdkResolverPlugin } from "./resolve-sdk.js";

export interface SdkPluginOptions {
  root?: string;
  target?: Target;
  mode?: BuildMode;
}

export const SDK_PLUGIN_NAME = "sdk";

export function sdkPlugin(options: SdkPluginOptions = {}): Plugin {
  const resolver = sdkResolverPlugin();
  return {
    name: SDK_PLUGIN_NAME,
    async options(input) {
      const root = path.resolve(options.root ?? process.cwd());
      const { ir, generatedDir } = await runFrontEnd({ root, target: options.target, mode: options.mode });
      return { ...input, input: path.join(generatedDir, PRESETS[ir.target].entryFile) };
    },
    resolveId: resolver.resolveId,
  };
}
