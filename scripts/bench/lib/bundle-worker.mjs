// Bundles a hand-written server or worker with the Rollup plugins `sdk build --target <t>` uses
// (backEndPlugins(PRESETS[t]), the same externals and output options), so its size and speed
// compare fairly. With a UI `library` (a descriptor from lib/compiler/ui/), the plugins also compile
// its components as a pages build does (the library's own compiler through
// lib/compiler/ui/rollup-plugins.js, its production build for the target's export conditions).
import path from "node:path";
import { rollup } from "rollup";
import { isBuiltin } from "../../../lib/compiler/bundle.js";
import { backEndPlugins } from "../../../lib/compiler/rollup-bundle.js";
import { PRESETS } from "../../../lib/emitters/targets.js";
import { REPO_ROOT } from "./apps.mjs";

/** Resolves each bare specifier of `aliases` to its file: one runtime wrapper serves any library's app. */
function aliasPlugin(aliases) {
  return { name: "bench-aliases", resolveId: (source) => aliases[source] ?? null };
}

/** Writes `<outDir>/index.mjs` and returns its path. */
export async function bundleServer(entry, outDir, { target = "edge", library, aliases = {} } = {}) {
  const ui = library ? { library, mode: "production", root: REPO_ROOT } : undefined;
  const preset = PRESETS[target];
  const plugins = [aliasPlugin(aliases), ...backEndPlugins(preset, ui)];
  // The runtime's own modules (workerd's `cloudflare:sockets`, which postgres.js imports) stay
  // imports, as in `sdk build`.
  const external = (id) => isBuiltin(id) || preset.runtimeModulePrefixes.some((prefix) => id.startsWith(prefix));
  const bundle = await rollup({ input: entry, external, plugins, onLog: () => {} });
  await bundle.write({ dir: outDir, format: "es", entryFileNames: "index.mjs", sourcemap: true, inlineDynamicImports: true, generatedCode: "es2015" });
  await bundle.close();
  return path.join(outDir, "index.mjs");
}

/** A hand-written worker bundled as `sdk build --target edge` bundles ours. */
export function bundleWorker(entry, outDir) {
  return bundleServer(entry, outDir, { target: "edge" });
}
