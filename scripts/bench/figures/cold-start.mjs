// Figure 4: cold start, from spawning the process to the first 200 response (polled with fetch
// every few milliseconds), for the built hello app on each runtime: on node against a bare
// node:http server (the goal), on bun, deno and workerd against the hand-written Hono app of
// figure 1 on the same runtime (stated, no goal). Each run starts both servers back to back, and
// the ratio is the median of the runs' own ratios, printed with their spread: a start takes
// 130-210 ms on this shared machine, and a ratio within one run is what a burst of load elsewhere
// moves least (the method for the CPU ratios).
import path from "node:path";
import { BENCH_ROOT, builtApp, scratchDir } from "../lib/apps.mjs";
import { bundleWorker } from "../lib/bundle-worker.mjs";
import { WALL_CLOCK_CHECK } from "../lib/check.mjs";
import { groupCpuNs } from "../lib/process-cpu.mjs";
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

async function coldStartRows(runtime, options) {
  const serverDir = builtApp("hello", runtime);
  const wranglerJson = path.join(serverDir, "wrangler.json");
  const other = await baselineFor(runtime);
  const candidates = [{ name: "ours", file: path.join(serverDir, "index.mjs") }, other];
  const samples = await interleavedSamples(candidates, options.coldStartRuns, async (candidate) => {
    const command = runUnboundCommand(runtime, candidate.file, wranglerJson);
    const server = await startServer({ ...command, readyPath: READY_PATH, pollEveryMs: POLL_EVERY_MS });
    const cpuMs = groupCpuNs(server.pid) / 1e6;
    await server.stop();
    return { readyMs: server.readyMs, cpuMs };
  });
  const runtimeName = runtime === "edge" ? "workerd" : runtime;
  const row = (what, key, goal) => {
    const ours = samples.ours.map((sample) => sample[key]);
    const baseline = samples[other.name].map((sample) => sample[key]);
    return ratioRow({
      figure: `cold start ${runtimeName}: ${what} vs ${other.name}${goal ? "" : " (stated)"}`,
      ours: summarize(ours),
      baseline: summarize(baseline),
      unit: "ms",
      better: "lower",
      target: goal,
      check: goal && WALL_CLOCK_CHECK,
      ratios: summarize(ours.map((value, run) => value / baseline[run])),
    });
  };
  return [
    row("spawn to first 200", "readyMs", other.target),
    // What the server's own threads spent on a CPU until then: the part of the start that is
    // ours, without the time spent waiting for a CPU that a busy machine adds to the wall clock.
    row("CPU time to first 200, all threads", "cpuMs", undefined),
  ];
}

export async function coldStart(options, log) {
  const rows = [];
  for (const runtime of options.coldStartRuntimes) {
    log(`cold start on ${runtime}`);
    rows.push(...(await coldStartRows(runtime, options)));
  }
  return rows;
}
