// Bundles a hand-written server or worker with the Rollup plugins `sdk build --target <t>` uses
// (backEndPlugins(PRESETS[t]) and the same output options), so its size and speed compare fairly.
// With `react`, the plugins also compile .tsx components as a pages build does (esbuild's
// automatic JSX, NODE_ENV "production", React's build for the target's export conditions).
import path from "node:path";
import { rollup } from "rollup";
import { backEndPlugins, isBuiltin } from "../../../lib/compiler/bundle.js";
import { react } from "../../../lib/compiler/ui/react.js";
import { PRESETS } from "../../../lib/emitters/targets.js";
import { REPO_ROOT } from "./apps.mjs";

/** Writes `<outDir>/index.mjs` and returns its path. */
export async function bundleServer(entry, outDir, { target = "edge", withReact = false } = {}) {
  const ui = withReact ? { library: react, mode: "production", root: REPO_ROOT } : undefined;
  const bundle = await rollup({ input: entry, external: isBuiltin, plugins: backEndPlugins(PRESETS[target], ui), onLog: () => {} });
  await bundle.write({ dir: outDir, format: "es", entryFileNames: "index.mjs", sourcemap: true, inlineDynamicImports: true, generatedCode: "es2015" });
  await bundle.close();
  return path.join(outDir, "index.mjs");
}

/** A hand-written worker bundled as `sdk build --target edge` bundles ours. */
export function bundleWorker(entry, outDir) {
  return bundleServer(entry, outDir, { target: "edge" });
}
