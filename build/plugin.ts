/**
 * `sdkPlugin()` from `sdk/plugin`. In an app's bundler.config.ts it marks the build as an sdk
 * build: `sdk build` loads the file and keeps every other plugin in its own pipeline. Used
 * directly in a Rollup or Rolldown build, it is the whole pipeline: before the build it runs the
 * front end (config, scan, validate, emit), makes the generated entry the input and adds the
 * target's resolution and TypeScript plugins; after writing, it copies public/ to
 * `<output dir>/../client` (and wrangler.json beside an edge bundle), the layout `sdk build` gives dist/.
 *
 * An app with pages builds in Rolldown: before the server bundle, the plugin runs `sdk build`'s
 * own client build (Rolldown, into the assets), whose manifest the server links, and gives the
 * server bundle `sdk build`'s Rolldown settings, the UI library's components compiled as there.
 * Not Vite's client build: that would be a second compile of the same components, with other
 * chunk names and another manifest than the one `sdk build` and `sdk dev` are tested with.
 * Rollup has no such native settings (JSX, conditions, the library's compilers) and is refused.
 */
import path from "node:path";
import type { InputOptions, InputPluginOption, Plugin } from "rollup";
import { pageSourcePlugins, serverBundleUi } from "../bundler/pages-build.js";
import { isBuiltin } from "../bundler/bundle.js";
import { error, UserError } from "../compiler/diagnostics.js";
import { hasPages, type BuildMode, type Target, type UiLibraryName } from "../compiler/ir.js";
import { sdkResolverPlugin } from "../compiler/resolve-sdk.js";
import { PRESETS } from "../compiler/targets.js";
import { buildPagesClient, copyAssets, copyWranglerConfig, runFrontEnd, type FrontEndResult } from "./pipeline.js";

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

/** The client built first (its files join the assets, its manifest the generated app), then the server's options as `sdk build` bundles it. */
async function pagesInputOptions(root: string, { ir, generatedDir }: FrontEndResult, input: InputOptions): Promise<InputOptions> {
  await buildPagesClient(root, ir, generatedDir, []);
  const { serverInputOptions } = await import("../bundler/rolldown-bundle.js");
  const preset = PRESETS[ir.target];
  const warnings: string[] = [];
  const settings = await serverInputOptions({ root, entry: path.join(generatedDir, preset.entryFile), preset, ui: serverBundleUi(root, ir), userPlugins: pageSourcePlugins(ir, root) }, warnings);
  return { ...input, ...(settings as InputOptions), plugins: [input.plugins, ...(settings.plugins as InputPluginOption[])] };
}

export function sdkPlugin(options: SdkPluginOptions = {}): Plugin<SdkPluginApi> {
  const root = path.resolve(options.root ?? process.cwd());
  let frontEnd: FrontEndResult | undefined;
  return {
    name: SDK_PLUGIN_NAME,
    api: { options },
    async options(input) {
      frontEnd = await runFrontEnd({ root, target: options.target, mode: options.mode, ui: options.ui });
      const preset = PRESETS[frontEnd.ir.target];
      if (hasPages(frontEnd.ir)) {
        if (!("rolldownVersion" in this.meta)) {
          throw new UserError([error("SDK_PLUGIN_PAGES", "sdkPlugin() builds pages/ in Rolldown, not Rollup: their components compile with Rolldown's JSX and the UI library's settings", {
            hint: 'use `rolldown` in place of `rollup` (same plugins and options: `import { rolldown } from "rolldown"`, or `rolldown -c bundler.config.ts`), or build with `sdk build`',
          })]);
        }
        return pagesInputOptions(root, frontEnd, input);
      }
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
