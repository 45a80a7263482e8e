/**
 * How Vue single-file components compile, for the production build and the dev server alike:
 * Vue's own SFC compiler through unplugin-vue (the plugin behind Vite's Vue support), with an SSR
 * compile for the server bundle and a hydratable one for the browser. The TypeScript of
 * `<script lang="ts">` blocks reaches Rolldown's transform as `?vue&type=script&lang.ts` modules;
 * scoped `<style>` blocks become `?vue&type=style&lang.css` modules, compiled by Vue (the `[data-v-…]`
 * selectors) before the CSS plugin collects them like any imported stylesheet.
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import type { Plugin } from "rolldown";
import type { Options as VueOptions } from "unplugin-vue/api";
import type { BuildMode } from "../ir.js";
import type { UiLibrary, UiSide } from "./library.js";
import { vueBundlerBuildsPlugin } from "./vue-bundler-builds.js";
import { sfcCompiler } from "./vue-sfc-compiler.js";

/**
 * What unplugin-vue (and @vitejs/plugin-vue, which takes the same options) is given: the dev
 * server passes these too, so components compile alike in dev and in the build.
 */
export function vueSfcOptions(mode: BuildMode, side: UiSide): VueOptions {
  return {
    isProduction: mode === "production",
    ssr: side === "server",
    sourceMap: true,
    compiler: sfcCompiler(),
    // Types a component imports from another file are read from disk; Vue would ask TypeScript's
    // own file system for them, which TypeScript 7 no longer offers to JavaScript.
    script: {
      fs: {
        fileExists: existsSync,
        readFile: (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined),
        realpath: realpathSync,
      },
    },
  };
}

/**
 * Vue's transforms run before the other plugins': a `<style>` block must be compiled (scoped)
 * before the CSS plugin takes its text, which it does in the normal order.
 */
function transformFirst(plugin: Plugin): Plugin {
  const hook = plugin.transform;
  if (!hook) return plugin;
  return { ...plugin, transform: typeof hook === "function" ? { order: "pre", handler: hook } : { ...hook, order: "pre" } };
}

export const vue: UiLibrary = {
  name: "vue",
  pageExtensions: [".vue"],
  // @vue/server-renderer and the app's components import `vue`, which imports the @vue/ packages.
  dedupe: ["vue", "@vue/runtime-core", "@vue/runtime-dom", "@vue/server-renderer", "@vue/shared", "@vue/reactivity"],
  compile: {
    // For `.tsx` components in a Vue app: vue/jsx-runtime.
    jsx: () => ({ runtime: "automatic", importSource: "vue" }),
    // Vue's bundler builds read these flags; the plugin's defaults, as Vite's Vue plugin sets them.
    define: (mode: BuildMode) => ({
      "process.env.NODE_ENV": JSON.stringify(mode),
      __VUE_OPTIONS_API__: "true",
      __VUE_PROD_DEVTOOLS__: "false",
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: "false",
    }),
    // The SFC plugin loads only for a Vue app's build.
    componentPlugins: async (mode: BuildMode, side: UiSide) => {
      const { default: vuePlugin } = await import("unplugin-vue/rolldown");
      return [vueBundlerBuildsPlugin(), transformFirst(vuePlugin(vueSfcOptions(mode, side)))];
    },
  },
  adapters: {
    server: { module: "sdk/runtime/ui/vue/server", export: "vueServerAdapter" },
    client: { module: "sdk/runtime/ui/vue/client", export: "vueClientAdapter" },
  },
  markdownComponent: "sdk/runtime/ui/vue/markdown",
  // vue-tsc reads `.vue` files in the folders tsconfig.json includes, templates and all.
  types: { tsconfigJsx: { jsx: "preserve", jsxImportSource: "vue" }, checker: { command: "vue-tsc --noEmit", package: "vue-tsc" } },
  dev: {
    vitePlugins: async () => {
      // The plugin sets `ssr` and `isProduction` per environment and mode.
      const { ssr: _ssr, isProduction: _production, ...options } = vueSfcOptions("development", "client");
      return [(await import("@vitejs/plugin-vue")).default(options)];
    },
    optimizeDeps: ["vue"],
  },
};
