/**
 * How React components compile, for the production build and the dev server alike: the
 * automatic JSX runtime from `react`, and `process.env.NODE_ENV` fixed per mode, which React's
 * CommonJS entry reads to pick its development or production build.
 */
import type { BuildMode } from "../ir.js";
import type { UiLibrary } from "./library.js";

export const react: UiLibrary = {
  name: "react",
  pageExtensions: [".tsx", ".jsx"],
  dedupe: ["react", "react-dom", "scheduler"],
  compile: {
    // jsxDev must follow NODE_ENV: React's production jsx-dev-runtime has no jsxDEV.
    jsx: (mode: BuildMode) => ({ runtime: "automatic", importSource: "react", development: mode === "development" }),
    define: (mode: BuildMode) => ({ "process.env.NODE_ENV": JSON.stringify(mode) }),
  },
  adapters: {
    server: { module: "sdk/runtime/ui/react/server", export: "reactServerAdapter", withNodeModules: "sdk/runtime/ui/react/server-node" },
    client: { module: "sdk/runtime/ui/react/client", export: "reactClientAdapter" },
  },
  markdownComponent: "sdk/runtime/ui/react/markdown",
  types: { tsconfigJsx: { jsx: "react-jsx" }, checker: { command: "tsc --noEmit" } },
  dev: {
    // The automatic runtime from `react`, as the build's JSX; the plugin adds React Refresh.
    vitePlugins: async () => [(await import("@vitejs/plugin-react")).default({ jsxRuntime: "automatic", jsxImportSource: "react" })],
    clientPreamble: "@vitejs/plugin-react/preamble",
    optimizeDeps: ["react", "react-dom", "react-dom/client", "react/jsx-runtime", "react/jsx-dev-runtime"],
  },
};
