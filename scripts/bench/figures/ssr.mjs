// SSR throughput: CPU time per request (which decides) and requests per second for a server-rendered page with a loader (50 items) inside a
// root layout, per UI library, built by `sdk build` for each runtime, against that library's own
// server renderer in a hand-written Hono handler on the same runtime, rendering the same component
// files with the same data into a comparable document (baselines/ssr-app-<library>.mjs). Both are
// bundled as a pages build of the target is, with the library's production build, its components
// compiled by the same descriptor. Workers run in workerd alone (lib/workerd-config.mjs), with no
// asset layer: the page's HTML never calls it.
import path from "node:path";
import { BENCH_ROOT, builtApp, scratchDir } from "../lib/apps.mjs";
import { bundleServer } from "../lib/bundle-worker.mjs";
import { appFor, LIBRARIES } from "../lib/libraries.mjs";
import { compareUnderLoad, loadRows } from "../lib/load-comparison.mjs";
import { runUnboundCommand } from "../lib/runtimes.mjs";
import { startCandidates } from "../lib/servers.mjs";

const PAGE = "/";
const TARGET = 1;
const BASELINE_FILES = { node: "ssr-node.mjs", bun: "ssr-bun.mjs", deno: "ssr-deno.mjs", edge: "ssr-worker.mjs" };

function bundleBaseline(library, runtime) {
  const libraryApp = path.join(BENCH_ROOT, "baselines", `ssr-app-${library.ui.name}.mjs`);
  return bundleServer(path.join(BENCH_ROOT, "baselines", BASELINE_FILES[runtime]), scratchDir(`ssr-baseline-${library.ui.name}-${runtime}`), {
    target: runtime,
    library: library.ui,
    aliases: { "ssr-app": libraryApp },
  });
}

async function measure(library, runtime, options) {
  const serverDir = builtApp(appFor("ssr", library), runtime);
  const wranglerJson = path.join(serverDir, "wrangler.json");
  const candidates = [
    { name: "ours", file: path.join(serverDir, "index.mjs") },
    { name: "baseline", file: await bundleBaseline(library, runtime) },
  ];
  const start = () => startCandidates(candidates, (candidate) =>
    ({ ...runUnboundCommand(runtime, candidate.file, wranglerJson), readyPath: PAGE }));
  const measured = (await compareUnderLoad(candidates, [PAGE], start, options))[PAGE];
  return loadRows({
    figure: `ssr ${library.name} ${runtime === "edge" ? "workerd" : runtime} GET ${PAGE} (loader, 50 items) vs Hono + ${library.renderer}`,
    ours: measured.ours,
    baseline: measured.baseline,
    target: TARGET,
  });
}

export async function ssr(options, log) {
  const rows = [];
  for (const library of LIBRARIES) {
    const runtimes = library.ui.name === "react" ? options.ssrRuntimes.react : options.ssrRuntimes.other;
    for (const runtime of runtimes) {
      log(`ssr ${library.name} on ${runtime}`);
      rows.push(...(await measure(library, runtime, options)));
    }
  }
  return rows;
}
