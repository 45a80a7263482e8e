// Figure 4: cold start, from spawning the process to the first 200 response (polled with fetch
// every few milliseconds), for the built hello app on each runtime: on node against a bare
// node:http server (the goal), on bun, deno and workerd against the hand-written Hono app of
// figure 1 on the same runtime (stated, no goal).
import path from "node:path";
import { BENCH_ROOT, builtApp, scratchDir } from "../lib/apps.mjs";
import { bundleWorker } from "../lib/bundle-worker.mjs";
import { WALL_CLOCK_CHECK } from "../lib/check.mjs";
import { runUnboundCommand } from "../lib/runtimes.mjs";
import { startServer } from "../lib/servers.mjs";
import { interleavedSamples, summarize } from "../lib/stats.mjs";
import { ratioRow } from "../lib/table.mjs";

const POLL_EVERY_MS = 2;
const READY_PATH = "/api/hello";
const baseline = (file) => path.join(BENCH_ROOT, "baselines", file);

async function baselineFor(runtime) {
  switch (runtime) {
    case "node": return { name: "node:http", file: baseline("bare-node.mjs"), target: 1.05 };
    case "bun": return { name: "Hono", file: baseline("hono-bun.mjs") };
    case "deno": return { name: "Hono", file: baseline("hono-deno.mjs") };
    case "edge": return { name: "Hono", file: await bundleWorker(baseline("hono-worker.mjs"), scratchDir("hono-worker-cold")) };
  }
}

async function coldStartRow(runtime, options) {
  const serverDir = builtApp("hello", runtime);
  const wranglerJson = path.join(serverDir, "wrangler.json");
  const other = await baselineFor(runtime);
  const candidates = [{ name: "ours", file: path.join(serverDir, "index.mjs") }, other];
  const samples = await interleavedSamples(candidates, options.coldStartRuns, async (candidate) => {
    const command = runUnboundCommand(runtime, candidate.file, wranglerJson);
    const server = await startServer({ ...command, readyPath: READY_PATH, pollEveryMs: POLL_EVERY_MS });
    await server.stop();
    return server.readyMs;
  });
  return ratioRow({
    figure: `cold start ${runtime === "edge" ? "workerd" : runtime}: spawn to first 200 vs ${other.name}${other.target ? "" : " (stated)"}`,
    ours: summarize(samples.ours),
    baseline: summarize(samples[other.name]),
    unit: "ms",
    better: "lower",
    target: other.target,
    check: WALL_CLOCK_CHECK,
  });
}

export async function coldStart(options, log) {
  const rows = [];
  for (const runtime of options.coldStartRuntimes) {
    log(`cold start on ${runtime}`);
    rows.push(await coldStartRow(runtime, options));
  }
  return rows;
}
