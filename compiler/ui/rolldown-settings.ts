/**
 * How a UI library's components compile in a Rolldown bundle, for the server bundle and the client
 * bundle alike, so both sides render the same code: the library's component plugins, its JSX and
 * `define`s for Rolldown's own transform, the export conditions under which component packages
 * publish their source, and its packages resolved once, from the app's root.
 */
import path from "node:path";
import type { RolldownPlugin, RolldownPluginOption, TransformOptions } from "rolldown";
import type { BuildMode } from "../ir.js";
import type { UiLibrary, UiSide } from "./library.js";

export interface UiRolldownOptions {
  mode: BuildMode;
  side: UiSide;
  /** Where the library's packages are resolved from (see UiLibrary.dedupe). */
  root: string;
}

export interface UiRolldownSettings {
  plugins: RolldownPluginOption[];
  transform: Pick<TransformOptions, "define" | "jsx">;
  /** Beyond the side's own: the library's (`solid`, `svelte`) and the mode, as Vite sets them. */
  conditionNames: string[];
  /** Page and layout files, beyond TypeScript's and JavaScript's. */
  extensions: readonly string[];
}

export async function uiRolldownSettings(library: UiLibrary, { mode, side, root }: UiRolldownOptions): Promise<UiRolldownSettings> {
  const { compile } = library;
  return {
    plugins: [dedupePlugin(library.dedupe, root), ...((await compile.componentPlugins?.(mode, side)) ?? [])],
    transform: { define: { ...compile.define(mode) }, jsx: compile.jsx(mode) },
    // The mode as a condition, as Vite sets it: Svelte and Solid pick their dev builds by it.
    conditionNames: [...(compile.exportConditions ?? []), mode],
    extensions: library.pageExtensions,
  };
}

/**
 * The library's packages, and their subpaths, resolved as if imported from the app's root, whoever
 * imports them: our runtime's adapter and the app's components then share one copy even when sdk
 * is linked from elsewhere (npm link, a workspace).
 */
function dedupePlugin(packages: readonly string[], root: string): RolldownPlugin {
  const names = packages.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const deduplicated = new RegExp(`^(?:${names})(?:/|$)`);
  const importer = path.join(root, "package.json");
  return {
    name: "sdk:dedupe",
    resolveId: {
      filter: { id: deduplicated },
      handler(source, _importer, options) {
        return this.resolve(source, importer, { ...options, skipSelf: true });
      },
    },
  };
}
