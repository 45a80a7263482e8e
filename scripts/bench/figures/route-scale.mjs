// Figure 2: an app with 1000 generated routes built for each runtime, CPU time per request (which
// decides) and requests per second on its last-registered param route, against that runtime's
// constant-time baseline: node:http with a Map lookup on node, a fetch handler with the same Maps
// on bun, deno and workerd (and, for reference on node, a plain Hono app).
import path from "node:path";
import { BENCH_ROOT, build, generateApp, scratchDir } from "../lib/apps.mjs";
import { bundleWorker } from "../lib/bundle-worker.mjs";
import { compareUnderLoad, loadRows } from "../lib/load-comparison.mjs";
import { lastParamPath, ROUTE_SCALE_ROUTES } from "../lib/route-names.mjs";
import { runUnboundCommand } from "../lib/runtimes.mjs";
import { startCandidates } from "../lib/servers.mjs";

const TARGET = 0.9;
const baseline = (file) => path.join(BENCH_ROOT, "baselines", file);

async function baselinesFor(runtime, options) {
  switch (runtime) {
    case "node": return [
      { name: "Map", file: baseline("bare-node-map.mjs"), target: TARGET, label: "node:http + Map" },
      ...(options.references ? [{ name: "Hono", file: baseline("hono-node-routes.mjs"), label: "Hono" }] : []),
    ];
    case "bun": return [{ name: "Map", file: baseline("map-routes-bun.mjs"), target: TARGET, label: "Bun.serve + Map" }];
    case "deno": return [{ name: "Map", file: baseline("map-routes-deno.mjs"), target: TARGET, label: "Deno.serve + Map" }];
    case "edge": return [{ name: "Map", file: await bundleWorker(baseline("map-routes-worker.mjs"), scratchDir("map-routes-worker")), target: TARGET, label: "fetch + Map" }];
  }
}

async function measureRuntime(runtime, options) {
  const serverDir = build(generateApp(ROUTE_SCALE_ROUTES, `route-scale-${runtime}`), runtime);
  const wranglerJson = path.join(serverDir, "wrangler.json");
  const urlPath = lastParamPath(ROUTE_SCALE_ROUTES);
  const env = { ROUTES: String(ROUTE_SCALE_ROUTES) };
  const candidates = [{ name: "ours", file: path.join(serverDir, "index.mjs") }, ...(await baselinesFor(runtime, options))];
  const start = () => startCandidates(candidates, (candidate) =>
    ({ ...runUnboundCommand(runtime, candidate.file, wranglerJson), env, readyPath: urlPath }));
  const measured = (await compareUnderLoad(candidates, [urlPath], start, options))[urlPath];
  return candidates.slice(1).flatMap((other) => loadRows({
    figure: `route scale ${runtime === "edge" ? "workerd" : runtime} ${ROUTE_SCALE_ROUTES} routes GET ${urlPath} vs ${other.label}`,
    ours: measured.ours,
    baseline: measured[other.name],
    target: other.target,
  }));
}

export async function routeScale(options, log) {
  const rows = [];
  for (const runtime of options.routeScaleRuntimes) {
    log(`route scale: ${ROUTE_SCALE_ROUTES} routes on ${runtime}`);
    rows.push(...(await measureRuntime(runtime, options)));
  }
  return rows;
}
