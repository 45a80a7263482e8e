// Figure 2: an app with 1000 generated routes, requests per second on its last-registered param
// route, against node:http with a Map lookup (and, for reference, a plain Hono app).
import path from "node:path";
import { BENCH_ROOT, build, generateApp } from "../lib/apps.mjs";
import { requestsPerSecond, warmUp } from "../lib/load.mjs";
import { lastParamPath } from "../lib/route-names.mjs";
import { startAll, stopAll } from "../lib/servers.mjs";
import { interleavedMedians } from "../lib/stats.mjs";
import { ratioRow } from "../lib/table.mjs";

const ROUTES = 1000;

export async function routeScale(options, log) {
  log(`route scale: ${ROUTES} routes`);
  const serverDir = build(generateApp(ROUTES), "node");
  const urlPath = lastParamPath(ROUTES);
  const env = { ROUTES: String(ROUTES) };
  const candidates = [
    { name: "ours", args: [path.join(serverDir, "index.mjs")] },
    { name: "Map", args: [path.join(BENCH_ROOT, "baselines", "bare-node-map.mjs")], target: 0.85, label: "node:http + Map" },
    ...(options.references ? [{ name: "Hono", args: [path.join(BENCH_ROOT, "baselines", "hono-node-routes.mjs")], label: "Hono" }] : []),
  ];
  const servers = await startAll(candidates.map((candidate) =>
    ({ command: process.execPath, args: candidate.args, env, readyPath: urlPath })));
  candidates.forEach((candidate, index) => (candidate.origin = servers[index].origin));
  try {
    for (const candidate of candidates) await warmUp(candidate.origin + urlPath, options);
    const medians = await interleavedMedians(candidates, options.loadRuns, (candidate) =>
      requestsPerSecond(candidate.origin + urlPath, { seconds: options.loadSeconds, connections: options.connections, generator: options.generator }));
    return candidates.slice(1).map((other) => ratioRow({
      figure: `route scale ${ROUTES} routes GET ${urlPath} vs ${other.label}`,
      ours: medians.ours,
      baseline: medians[other.name],
      unit: "req/s",
      better: "higher",
      target: other.target,
    }));
  } finally {
    await stopAll(servers);
  }
}
