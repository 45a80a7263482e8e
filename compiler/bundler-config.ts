/**
 * The app's `bundler.config.ts`, when it has one: it must include `sdkPlugin()`, and every other
 * plugin it lists runs inside `sdk build` ahead of ours.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "rollup";
import { evaluateModule } from "./config/evaluate.js";
import { error, UserError } from "./diagnostics.js";
import { compiledModule } from "./paths.js";
import { SDK_PLUGIN_NAME } from "./plugin.js";

export const BUNDLER_CONFIG_FILE = "bundler.config.ts";

type PluginOption = Plugin | null | false | undefined | PluginOption[];

function flatten(option: PluginOption): Plugin[] {
  if (Array.isArray(option)) return option.flatMap(flatten);
  return option ? [option] : [];
}

export async function loadBundlerPlugins(root: string): Promise<Plugin[]> {
  const file = path.join(root, BUNDLER_CONFIG_FILE);
  if (!existsSync(file)) return [];
  const exports = await evaluateModule(root, file, {
    aliases: {
      "sdk/plugin": compiledModule("compiler/plugin"),
      "sdk/config": compiledModule("compiler/config/define"),
    },
  });
  const config = exports.default as { plugins?: PluginOption } | undefined;
  const plugins = flatten(config?.plugins);
  if (!plugins.some((plugin) => plugin.name === SDK_PLUGIN_NAME)) {
    throw new UserError([error("SDK_BUNDLER_NO_PLUGIN", `${BUNDLER_CONFIG_FILE} does not include sdkPlugin()`, {
      file: BUNDLER_CONFIG_FILE,
      hint: 'add `plugins: [sdkPlugin()]` with `import { sdkPlugin } from "sdk/plugin"`',
    })]);
  }
  return plugins.filter((plugin) => plugin.name !== SDK_PLUGIN_NAME);
}
