// Figure 4: cold start, from spawning the process to the first 200 response (polled with fetch
// every few milliseconds), for the node target's built hello app against a bare node:http server.
import path from "node:path";
import { BENCH_ROOT, builtApp } from "../lib/apps.mjs";
import { startServer } from "../lib/servers.mjs";
import { interleavedMedians } from "../lib/stats.mjs";
import { ratioRow } from "../lib/table.mjs";

const POLL_EVERY_MS = 2;

export async function coldStart(options, log) {
  log("cold start");
  const serverDir = builtApp("hello", "node");
  const candidates = [
    { name: "ours", file: path.join(serverDir, "index.mjs") },
    { name: "node:http", file: path.join(BENCH_ROOT, "baselines", "bare-node.mjs") },
  ];
  const medians = await interleavedMedians(candidates, options.coldStartRuns, async (candidate) => {
    const server = await startServer({ command: process.execPath, args: [candidate.file], readyPath: "/api/hello", pollEveryMs: POLL_EVERY_MS });
    await server.stop();
    return server.readyMs;
  });
  return [ratioRow({
    figure: "cold start node: spawn to first 200 vs node:http",
    ours: medians.ours,
    baseline: medians["node:http"],
    unit: "ms",
    better: "lower",
    target: 1.05,
  })];
}
