/**
 * The app's `bundler.config.ts`, when it has one: it must include `sdkPlugin()`, and every other
 * plugin it lists runs inside `sdk build` ahead of ours.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "rollup";
import { evaluateModule } from "../compiler/config/evaluate.js";
import { error, UserError } from "../compiler/diagnostics.js";
import type { UiLibraryName } from "../compiler/ir.js";
import { compiledModule } from "../compiler/paths.js";
import { SDK_PLUGIN_NAME, type SdkPluginApi } from "./plugin.js";

export const BUNDLER_CONFIG_FILE = "bundler.config.ts";

type PluginOption = Plugin | null | false | undefined | PluginOption[];

function flatten(option: PluginOption): Plugin[] {
  if (Array.isArray(option)) return option.flatMap(flatten);
  return option ? [option] : [];
}

export interface BundlerConfig {
  /** Every plugin but sdkPlugin(), run inside the build ahead of ours. */
  plugins: Plugin[];
  /** `sdkPlugin({ ui })`: the UI library of the pages when the dependencies leave it open. */
  ui?: UiLibraryName;
}

export async function loadBundlerConfig(root: string): Promise<BundlerConfig> {
  const file = path.join(root, BUNDLER_CONFIG_FILE);
  if (!existsSync(file)) return { plugins: [] };
  const exports = await evaluateModule(root, file, {
    aliases: {
      "sdk/plugin": compiledModule("build/plugin"),
      "sdk/config": compiledModule("compiler/config/define"),
    },
  });
  const config = exports.default as { plugins?: PluginOption } | undefined;
  const plugins = flatten(config?.plugins);
  const sdk = plugins.find((plugin) => plugin.name === SDK_PLUGIN_NAME) as (Plugin & { api?: SdkPluginApi }) | undefined;
  if (!sdk) {
    throw new UserError([error("SDK_BUNDLER_NO_PLUGIN", `${BUNDLER_CONFIG_FILE} does not include sdkPlugin()`, {
      file: BUNDLER_CONFIG_FILE,
      hint: 'add `plugins: [sdkPlugin()]` with `import { sdkPlugin } from "sdk/plugin"`',
    })]);
  }
  const ui = sdk.api?.options.ui;
  return { plugins: plugins.filter((plugin) => plugin.name !== SDK_PLUGIN_NAME), ...(ui ? { ui } : {}) };
}
