/**
 * The Rollup plugins that compile a UI library's components and the packages they import, for the
 * server bundle and the client bundle alike, so both sides render the same code.
 */
import commonjsModule from "@rollup/plugin-commonjs";
import replaceModule from "@rollup/plugin-replace";
import type { InputPluginOption } from "rollup";
import esbuild, { type Options as EsbuildOptions } from "rollup-plugin-esbuild";
import type { BuildMode } from "../ir.js";
import type { UiLibrary, UiSide } from "./library.js";

// Their types declare CommonJS, so TypeScript puts the plugin under `.default`; Node loads their
// ES build, whose default export is the plugin itself.
const commonjs = commonjsModule as unknown as typeof commonjsModule.default;
const replace = replaceModule as unknown as typeof replaceModule.default;

export interface UiRollupOptions {
  mode: BuildMode;
  side: UiSide;
  /** The bundle's own esbuild options (target, minify, ...); the library adds its JSX settings. */
  esbuild: EsbuildOptions;
}

/** Rollup's `plugins` take each entry as it is, a promise of plugins included. */
export function uiRollupPlugins(library: UiLibrary, options: UiRollupOptions): InputPluginOption[] {
  const { compile } = library;
  return [
    // Before CommonJS, so a package's `if (process.env.NODE_ENV === "production") require(...)`
    // is already decided and only the chosen build is bundled.
    replace({ values: { ...compile.define(options.mode) }, preventAssignment: true, sourceMap: true }),
    // React and most of its ecosystem ship CommonJS.
    commonjs({ sourceMap: true }),
    compile.componentPlugins?.(options.mode, options.side) ?? [],
    esbuild({ ...options.esbuild, ...compile.jsx(options.mode), loaders: { ...compile.loaders } }),
  ];
}
