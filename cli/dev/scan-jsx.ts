/**
 * Vite's import scan (the dependency pre-bundling's first step) compiles JSX the React way unless
 * told otherwise, so a Solid or Vue page sent it looking for `react/jsx-dev-runtime` and printed a
 * failed-scan warning on every fresh start. This gives every environment's scan, the edge worker's
 * included (whose options @cloudflare/vite-plugin sets), the JSX settings the build compiles with.
 */
import type { Plugin } from "vite";
import type { UiJsxSettings } from "../../compiler/ui/library.js";

export function scanJsxPlugin(jsx: UiJsxSettings): Plugin {
  return {
    name: "sdk:scan-jsx",
    configEnvironment: () => ({ optimizeDeps: { rolldownOptions: { transform: { jsx } } } }),
  };
}
