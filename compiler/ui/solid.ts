/**
 * How Solid components compile, for the production build and the dev server alike: Babel with
 * babel-preset-solid turns JSX into Solid's DOM code in the browser and its string renderer on
 * the server, both hydratable so the browser attaches to the server's HTML; @babel/preset-typescript
 * strips types on the way, as vite-plugin-solid does. Rolldown's transform runs after, on plain
 * JavaScript.
 */
import { createRequire } from "node:module";
import type { BuildMode } from "../ir.js";
import type { UiLibrary, UiSide } from "./library.js";

const JSX_EXTENSIONS = [".tsx", ".jsx"];

/**
 * By path, so Babel loads the presets found beside this package (the app's optional peers), not
 * whatever a file's own folder would resolve; only a Solid app's build asks.
 */
function presetPath(name: string): string {
  return createRequire(import.meta.url).resolve(name);
}

/** Babel's options for a side; a dev server passes the same ones (vite-plugin-solid's `solid` and `typescript`). */
export function solidBabelOptions(side: UiSide) {
  return {
    babelrc: false,
    configFile: false,
    presets: [
      [presetPath("babel-preset-solid"), { generate: side === "server" ? "ssr" : "dom", hydratable: true }],
      [presetPath("@babel/preset-typescript"), {}],
    ],
  };
}

export const solid: UiLibrary = {
  name: "solid",
  pageExtensions: JSX_EXTENSIONS,
  dedupe: ["solid-js"],
  compile: {
    // Babel has compiled the JSX by the time Rolldown's transform sees a file; were any left, it
    // must not compile it the React way.
    jsx: () => "preserve",
    exportConditions: ["solid"],
    define: (mode: BuildMode) => ({ "process.env.NODE_ENV": JSON.stringify(mode) }),
    // Babel loads only for a Solid app's build.
    componentPlugins: async (_mode: BuildMode, side: UiSide) => {
      const { babel } = await import("@rollup/plugin-babel");
      return [
        babel({
          ...solidBabelOptions(side),
          // JSX anywhere, node_modules included: only babel-preset-solid can compile it.
          extensions: JSX_EXTENSIONS,
          babelHelpers: "bundled",
          // The options are ours and fixed; the check would compile a probe for every file.
          skipPreflightCheck: true,
        }),
      ];
    },
  },
  adapters: {
    server: { module: "sdk/runtime/ui/solid/server", export: "solidServerAdapter" },
    client: { module: "sdk/runtime/ui/solid/client", export: "solidClientAdapter" },
  },
  types: { tsconfigJsx: { jsx: "preserve", jsxImportSource: "solid-js" }, checker: { command: "tsc --noEmit" } },
  dev: {
    // `ssr: true` is solidBabelOptions' preset per side: `ssr` or `dom`, hydratable both.
    vitePlugins: async () => [(await import("vite-plugin-solid")).default({ ssr: true, solid: { hydratable: true } })],
    optimizeDeps: ["solid-js", "solid-js/web", "solid-js/store"],
  },
  markdownComponent: "sdk/runtime/ui/solid/markdown",
};
