// Bundles a hand-written server or worker as `sdk build --target <t>` bundles ours (bundleTarget
// with PRESETS[t]: the same bundler, plugins, externals and output options), so its size and
// speed compare fairly. With a UI `library` (a descriptor from lib/compiler/ui/), it is bundled as
// a pages build is, compiling the library's components with its own compiler (through
// lib/compiler/ui/rolldown-settings.js, its production build for the target's export conditions).
import path from "node:path";
import { bundleTarget } from "../../../lib/bundler/bundle-target.js";
import { PRESETS } from "../../../lib/compiler/targets.js";
import { REPO_ROOT } from "./apps.mjs";

/** Resolves each bare specifier of `aliases` to its file: one runtime wrapper serves any library's app. */
function aliasPlugin(aliases) {
  return { name: "bench-aliases", resolveId: (source) => aliases[source] ?? null };
}

/** Writes `<outDir>/index.mjs` and returns its path. */
export async function bundleServer(entry, outDir, { target = "edge", library, aliases = {} } = {}) {
  const ui = library ? { library, mode: "production", root: REPO_ROOT } : undefined;
  await bundleTarget({ root: REPO_ROOT, entry, outDir, preset: PRESETS[target], ui, userPlugins: [aliasPlugin(aliases)] });
  return path.join(outDir, "index.mjs");
}

/** A hand-written worker bundled as `sdk build --target edge` bundles ours. */
export function bundleWorker(entry, outDir) {
  return bundleServer(entry, outDir, { target: "edge" });
}
