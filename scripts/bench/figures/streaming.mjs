// Streaming SSR (issue 41): apps/ssr-streaming's two React pages show the SSR figure's 50 items,
// which arrive 500 ms into the request as a slow query's rows would. /streamed's loader hands them
// back as a promise, streamed into the page after its shell (Suspense and use()); /awaited's loader
// awaits them, so its whole page leaves at once. Built with `sdk build` for node and for the edge
// (workerd alone, as the SSR figure runs it). Per runtime:
// - time to the first byte of /streamed (goal: under 50 ms), and of /awaited for information;
// - server CPU per request of the whole streamed page against the awaited one (goal: at most 5%
//   more), over the same number of requests, 100 at a time, the two pages' runs interleaved.
// Both ask for the document uncompressed, as a client without gzip would: the figure is ours.
import path from "node:path";
import { builtApp } from "../lib/apps.mjs";
import { CPU_RATIO_CHECK, WALL_CLOCK_CHECK } from "../lib/check.mjs";
import { groupCpuMs } from "../lib/process-cpu.mjs";
import { runUnboundCommand } from "../lib/runtimes.mjs";
import { startServer } from "../lib/servers.mjs";
import { interleavedSamples, summarize } from "../lib/stats.mjs";
import { limitRow, ratioRow } from "../lib/table.mjs";

const FIRST_BYTE_LIMIT_MS = 50;
const CPU_TARGET = 1.05;
const CONCURRENCY = 100;
const HEADERS = { accept: "text/html", "accept-encoding": "identity" };

/** Milliseconds to the first byte of the body; the rest is read to the end. */
async function firstByteMs(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: HEADERS });
  const reader = response.body.getReader();
  await reader.read();
  const at = performance.now() - started;
  while (!(await reader.read()).done);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return at;
}

/** The server's CPU milliseconds per request over `count` requests, CONCURRENCY at a time. */
async function cpuPerRequest(server, url, count) {
  const before = groupCpuMs(server.pid);
  let sent = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (sent++ < count) await (await fetch(url, { headers: HEADERS })).arrayBuffer();
  }));
  return (groupCpuMs(server.pid) - before) / count;
}

async function measure(runtime, options) {
  const serverDir = builtApp("ssr-streaming", runtime);
  const command = runUnboundCommand(runtime, path.join(serverDir, "index.mjs"), path.join(serverDir, "wrangler.json"));
  const server = await startServer({ ...command, readyPath: "/awaited?delay=0" });
  try {
    const pages = [
      { name: "streamed", url: `${server.origin}/streamed` },
      { name: "awaited", url: `${server.origin}/awaited` },
    ];
    // Warm up: the JIT and the first request's one-time work, on both pages.
    for (const page of pages) await cpuPerRequest(server, page.url, CONCURRENCY * 2);
    const firstBytes = await interleavedSamples(pages, options.quick ? 10 : 30, (page) => firstByteMs(page.url));
    const count = options.quick ? 600 : 2000;
    const cpu = await interleavedSamples(pages, options.quick ? 3 : 5, (page) => cpuPerRequest(server, page.url, count));
    const name = runtime === "edge" ? "workerd" : runtime;
    const ratios = cpu.streamed.map((streamed, run) => streamed / cpu.awaited[run]);
    return [
      limitRow({
        figure: `streaming ${name}: first byte of a page whose data takes 500 ms (awaited page beside it)`,
        ours: summarize(firstBytes.streamed),
        baseline: summarize(firstBytes.awaited),
        unit: "ms",
        limit: FIRST_BYTE_LIMIT_MS,
        check: WALL_CLOCK_CHECK,
      }),
      ratioRow({
        figure: `streaming ${name}: CPU per request, streamed page vs the same page awaited`,
        ours: summarize(cpu.streamed),
        baseline: summarize(cpu.awaited),
        unit: "ms",
        better: "lower",
        target: CPU_TARGET,
        check: CPU_RATIO_CHECK,
        ratios: summarize(ratios),
      }),
    ];
  } finally {
    await server.stop();
  }
}

export async function streaming(options, log) {
  const rows = [];
  for (const runtime of ["node", "edge"]) {
    log(`streaming on ${runtime}`);
    rows.push(...(await measure(runtime, options)));
  }
  return rows;
}
