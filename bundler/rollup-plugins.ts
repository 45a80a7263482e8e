/**
 * The Rollup plugins `sdkPlugin()` adds to a plain Rollup build (plugin.ts): they resolve packages,
 * read CommonJS and JSON, and compile TypeScript with esbuild, as `sdk build`'s Rolldown bundle
 * does natively (rolldown-bundle.ts).
 */
import commonjsModule from "@rollup/plugin-commonjs";
import jsonModule from "@rollup/plugin-json";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import type { InputPluginOption } from "rollup";
import esbuild from "rollup-plugin-esbuild";
import type { TargetPreset } from "../compiler/targets.js";
import { SOURCE_EXTENSIONS } from "./bundle.js";

// Their types declare CommonJS, so TypeScript puts the plugin under `.default`; Node loads their
// ES build, whose default export is the plugin itself.
const commonjs = commonjsModule as unknown as typeof commonjsModule.default;
const json = jsonModule as unknown as typeof jsonModule.default;

/** How a target's bundle resolves and compiles modules; many server packages still ship CommonJS only (mysql2, the Node drivers). */
export function backEndPlugins(preset: TargetPreset): InputPluginOption[] {
  return [
    nodeResolve({ exportConditions: preset.exportConditions, preferBuiltins: true, extensions: SOURCE_EXTENSIONS }),
    json(),
    commonjs({ sourceMap: true }),
    esbuild({ target: "es2022", minify: preset.minify, sourceMap: true, tsconfig: false, legalComments: "none" }),
  ];
}
