/**
 * How Svelte 5 components compile, for the production build and the dev server alike: the Svelte
 * compiler for `.svelte` files and `.svelte.ts`/`.svelte.js` modules (runes), server or client
 * output per bundle, component styles extracted as CSS the pages link.
 */
import type { BuildMode } from "../ir.js";
import type { UiLibrary, UiSide } from "./library.js";
import { svelteCompilerOptions, svelteComponents } from "./svelte-plugin.js";

export const svelte: UiLibrary = {
  name: "svelte",
  pageExtensions: [".svelte"],
  // The compiled components import svelte/internal/*: one copy, the app's, for them and our runtime.
  dedupe: ["svelte"],
  compile: {
    // Svelte apps write no JSX; JSX left as it is fails at the file instead of calling a missing runtime.
    jsx: () => "preserve",
    exportConditions: ["svelte"],
    define: (mode: BuildMode) => ({ "process.env.NODE_ENV": JSON.stringify(mode) }),
    componentPlugins: (mode: BuildMode, side: UiSide) => svelteComponents(svelteCompilerOptions(mode, side)),
  },
  adapters: {
    server: { module: "sdk/runtime/ui/svelte/server", export: "svelteServerAdapter" },
    client: { module: "sdk/runtime/ui/svelte/client", export: "svelteClientAdapter" },
  },
  markdownComponent: "sdk/runtime/ui/svelte/markdown",
  types: { checker: { command: "svelte-check --tsconfig ./tsconfig.json", package: "svelte-check" } },
  dev: {
    vitePlugins: async () => {
      const { svelte: sveltePlugin } = await import("@sveltejs/vite-plugin-svelte");
      // The plugin sets `generate` and `dev` per environment, as svelteCompilerOptions does per bundle.
      const { generate: _side, dev: _dev, ...compilerOptions } = svelteCompilerOptions("development", "client");
      return [sveltePlugin({ configFile: false, emitCss: true, compilerOptions })];
    },
    // The plugin prebundles Svelte itself.
    optimizeDeps: [],
  },
};
