// SSR throughput: requests per second for a server-rendered page with a loader (50 items) inside a
// root layout, built by `sdk build` for each runtime, against React's own renderToString in a
// hand-written Hono handler on the same runtime, rendering the same component files with the same
// data into a comparable document (baselines/ssr-app.mjs). Both are bundled by the target's Rollup
// plugins with React's production build. Workers run in Miniflare without the asset layer: the
// page's HTML never calls it.
import path from "node:path";
import { BENCH_ROOT, builtApp, scratchDir } from "../lib/apps.mjs";
import { bundleServer } from "../lib/bundle-worker.mjs";
import { requestsPerSecond, warmUp } from "../lib/load.mjs";
import { runCommand } from "../lib/runtimes.mjs";
import { startAll, stopAll } from "../lib/servers.mjs";
import { interleavedMedians } from "../lib/stats.mjs";
import { ratioRow } from "../lib/table.mjs";

const PAGE = "/";
const TARGET = 0.9;
const BASELINE_FILES = { node: "ssr-node.mjs", bun: "ssr-bun.mjs", deno: "ssr-deno.mjs", edge: "ssr-worker.mjs" };

async function measureRuntime(runtime, options) {
  const serverDir = builtApp("ssr", runtime);
  const wranglerJson = path.join(serverDir, "wrangler.json");
  const baseline = await bundleServer(path.join(BENCH_ROOT, "baselines", BASELINE_FILES[runtime]), scratchDir(`ssr-baseline-${runtime}`), { target: runtime, withReact: true });
  const candidates = [
    { name: "ours", file: path.join(serverDir, "index.mjs") },
    { name: "Hono + renderToString", file: baseline },
  ];
  const servers = await startAll(candidates.map((candidate) =>
    ({ ...runCommand(runtime, candidate.file, wranglerJson, ["--no-assets"]), readyPath: PAGE })));
  candidates.forEach((candidate, index) => (candidate.origin = servers[index].origin));
  try {
    for (const candidate of candidates) await warmUp(candidate.origin + PAGE, options);
    const medians = await interleavedMedians(candidates, options.loadRuns, (candidate) =>
      requestsPerSecond(candidate.origin + PAGE, { seconds: options.loadSeconds, connections: options.connections, generator: options.generator }));
    return [ratioRow({
      figure: `ssr ${runtime === "edge" ? "workerd" : runtime} GET ${PAGE} (loader, 50 items) vs Hono + renderToString`,
      ours: medians.ours,
      baseline: medians["Hono + renderToString"],
      unit: "req/s",
      better: "higher",
      target: TARGET,
    })];
  } finally {
    await stopAll(servers);
  }
}

export async function ssr(options, log) {
  const rows = [];
  for (const runtime of options.runtimes) {
    log(`ssr on ${runtime}`);
    rows.push(...(await measureRuntime(runtime, options)));
  }
  return rows;
}
