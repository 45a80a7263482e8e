// Figure 9: the dev loop of `sdk dev`, per target. Save to served: from rewriting a route file to
// the first answer that carries the change, on generated apps of 1 and 1000 routes. Time to ready:
// from spawning `sdk dev` on apps/hello to its first 200, beside Vite's own dev server with one
// middleware on node and Vite with Cloudflare's plugin on the edge (for information: what any dev
// server built on them pays).
import path from "node:path";
import { BENCH_ROOT, copyApp, generateApp, linkSdk, scratchDir, sdkDevArgs } from "../lib/apps.mjs";
import { WALL_CLOCK_CHECK } from "../lib/check.mjs";
import { lastParamPath, routeNames } from "../lib/route-names.mjs";
import { measureSaves } from "../lib/save-to-served.mjs";
import { HOST, startServer } from "../lib/servers.mjs";
import { interleavedMedians, median, percentile } from "../lib/stats.mjs";
import { limitRow } from "../lib/table.mjs";

/** The generated apps saves are measured on, with the limit on the median save to served. */
const SAVE_APPS = [{ routes: 1, limitMs: 50 }, { routes: 1000, limitMs: 150 }];
const READY_LIMIT_S = 1.0;
const READY_PATH = "/api/hello";
const POLL_EVERY_MS = 2;
/** `sdk dev` prints its address once it serves. */
const PRINTS_LOCAL_URL = /Local:\s+http:\/\//;
const VITE_BASELINE = path.join(BENCH_ROOT, "baselines", "vite-dev.mjs");
const VITE_CLOUDFLARE_BASELINE = path.join(BENCH_ROOT, "baselines", "vite-cloudflare-dev.mjs");

/** A dev server in its own Node.js process; `args` may be a function of the free port it gets. */
function devServer(args, ready) {
  return startServer({ command: process.execPath, args, env: { NO_COLOR: "1" }, ...ready });
}

/** `sdk dev` takes its port as a flag, not from PORT. */
const sdkDev = (root, target) => (port) => sdkDevArgs(root, target, port, HOST);

/** The app's last param route (the one figure 2 requests), rewritten to answer `value`. */
function lastParamRoute(root, routes) {
  const { params } = routeNames(routes);
  return {
    file: path.join(root, "routes", params.at(-1), "[id].ts"),
    urlPath: lastParamPath(routes),
    source: (value) => `import { defineHandler } from "sdk";\n\nexport const GET = defineHandler((c) => ({ route: "${value}", id: c.req.param("id") }));\n`,
  };
}

async function saveToServedRows(target, { routes, limitMs }, options, log) {
  const figure = `dev ${target}: save to served, ${routes} route${routes === 1 ? "" : "s"}`;
  log(figure);
  const root = linkSdk(generateApp(routes, `dev-${target}-routes-${routes}`));
  const server = await devServer(sdkDev(root, target), { readyOutput: PRINTS_LOCAL_URL });
  const samples = await measureSaves(server.origin, lastParamRoute(root, routes), options.devSaves).finally(server.stop);
  return [
    limitRow({ figure: `${figure}, median of ${samples.length}`, ours: median(samples), unit: "ms", limit: limitMs, atMost: true, check: WALL_CLOCK_CHECK }),
    limitRow({ figure: `${figure}, p90`, ours: percentile(samples, 0.9), unit: "ms" }),
  ];
}

/**
 * What `sdk dev` on `target` is compared with: Vite alone on node; on the edge, Vite with
 * Cloudflare's plugin running a one-route worker, which pays for Miniflare and workerd as ours does.
 */
function readyBaseline(target, root) {
  if (target !== "edge") return { label: "bare vite", args: [VITE_BASELINE, root] };
  return { label: "vite + @cloudflare/vite-plugin", args: [VITE_CLOUDFLARE_BASELINE, scratchDir("dev-edge-vite-cloudflare")] };
}

async function timeToReadyRow(target, options, log) {
  log(`dev ${target}: time to ready`);
  const root = linkSdk(copyApp("hello", `dev-${target}-hello`));
  const baseline = readyBaseline(target, root);
  const candidates = [
    { name: "ours", args: sdkDev(root, target) },
    { name: "baseline", args: baseline.args },
  ];
  const start = (candidate) => devServer(candidate.args, { readyPath: READY_PATH, pollEveryMs: POLL_EVERY_MS });
  // Every start but a project's first finds .sdk/ and Vite's cache from the one before; measure those.
  for (const candidate of candidates) await (await start(candidate)).stop();
  const medians = await interleavedMedians(candidates, options.devReadyRuns, async (candidate) => {
    const server = await start(candidate);
    await server.stop();
    return server.readyMs / 1000;
  });
  return limitRow({
    figure: `dev ${target}: spawn to first 200 (apps/hello) vs ${baseline.label}`,
    ours: medians.ours,
    baseline: medians.baseline,
    unit: "s",
    limit: READY_LIMIT_S,
    atMost: true,
    check: WALL_CLOCK_CHECK,
  });
}

export async function dev(options, log) {
  const rows = [];
  for (const target of options.devTargets) {
    for (const app of SAVE_APPS) rows.push(...(await saveToServedRows(target, app, options, log)));
    rows.push(await timeToReadyRow(target, options, log));
  }
  return rows;
}
