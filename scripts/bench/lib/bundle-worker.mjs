// Bundles a hand-written worker with the Rollup plugins `sdk build --target edge` uses
// (backEndPlugins(PRESETS.edge) and the same output options), so its size and speed compare fairly.
import path from "node:path";
import { rollup } from "rollup";
import { backEndPlugins, isBuiltin } from "../../../lib/compiler/bundle.js";
import { PRESETS } from "../../../lib/emitters/targets.js";

/** Writes `<outDir>/index.mjs` and returns its path. */
export async function bundleWorker(entry, outDir) {
  const bundle = await rollup({ input: entry, external: isBuiltin, plugins: backEndPlugins(PRESETS.edge), onLog: () => {} });
  await bundle.write({ dir: outDir, format: "es", entryFileNames: "index.mjs", sourcemap: true, inlineDynamicImports: true, generatedCode: "es2015" });
  await bundle.close();
  return path.join(outDir, "index.mjs");
}
