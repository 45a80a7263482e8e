// Figure 1: CPU time per request (which decides) and requests per second for our emitted app on
// each runtime against a hand-written Hono app on the same runtime (and node:http on Node.js, a
// plain fetch handler on workerd). Workers run in workerd alone (lib/workerd-config.mjs), with no
// asset layer: the hello app has no public/ and the worker never calls it.
import path from "node:path";
import { BENCH_ROOT, builtApp, scratchDir } from "../lib/apps.mjs";
import { bundleWorker } from "../lib/bundle-worker.mjs";
import { compareUnderLoad, loadRows } from "../lib/load-comparison.mjs";
import { runUnboundCommand } from "../lib/runtimes.mjs";
import { startCandidates } from "../lib/servers.mjs";

const PATHS = ["/api/hello", "/api/users/42"];
const baseline = (file) => path.join(BENCH_ROOT, "baselines", file);

/** What runs beside our app on each runtime; `target` is the ratio it must reach, if any. */
async function baselinesFor(runtime, options) {
  switch (runtime) {
    case "node": return [
      { name: "Hono", file: baseline("hono-node.mjs"), target: 1 },
      { name: "node:http", file: baseline("bare-node.mjs"), target: 0.95 },
    ];
    case "bun": return [{ name: "Hono", file: baseline("hono-bun.mjs"), target: 1 }];
    case "deno": return [{ name: "Hono", file: baseline("hono-deno.mjs"), target: 1 }];
    case "edge": return [
      { name: "Hono", file: await bundleWorker(baseline("hono-worker.mjs"), scratchDir("hono-worker")), target: 1 },
      ...(options.references ? [{ name: "plain fetch", file: await bundleWorker(baseline("bare-worker.mjs"), scratchDir("bare-worker")) }] : []),
    ];
  }
}

async function measureRuntime(runtime, options) {
  const serverDir = builtApp("hello", runtime);
  const wranglerJson = path.join(serverDir, "wrangler.json");
  const candidates = [{ name: "ours", file: path.join(serverDir, "index.mjs") }, ...(await baselinesFor(runtime, options))];
  const start = () => startCandidates(candidates, (candidate) =>
    ({ ...runUnboundCommand(runtime, candidate.file, wranglerJson), readyPath: PATHS[0] }));
  const measured = await compareUnderLoad(candidates, PATHS, start, options);
  return PATHS.flatMap((urlPath) => candidates.slice(1).flatMap((other) => loadRows({
    figure: `throughput ${runtime === "edge" ? "workerd" : runtime} GET ${urlPath} vs ${other.name}`,
    ours: measured[urlPath].ours,
    baseline: measured[urlPath][other.name],
    target: other.target,
  })));
}

export async function throughput(options, log) {
  const rows = [];
  for (const runtime of options.runtimes) {
    log(`throughput on ${runtime}`);
    rows.push(...(await measureRuntime(runtime, options)));
  }
  return rows;
}
