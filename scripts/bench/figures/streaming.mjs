// Streaming SSR (issue 41): apps/ssr-streaming's two React pages show the SSR figure's 50 items,
// which arrive 500 ms into the request as a slow query's rows would. /streamed's loader hands them
// back as a promise, streamed into the page after its shell (Suspense and use()); /awaited's loader
// awaits them, so its whole page leaves at once. Built with `sdk build` for node and for the edge
// (workerd alone, as the SSR figure runs it). Per runtime:
// - time to the first byte of /streamed (goal: under 50 ms), and of /awaited for information;
// - server CPU per request of the whole streamed page against the awaited one (goal: at most 5%
//   more), over the same number of requests, 100 at a time, the two pages' runs interleaved.
// The same two pages written by hand as React's docs show them (baselines/streaming-app-react.mjs:
// node:http with renderToPipeableStream on node, renderToReadableStream in workerd, renderToString
// for the awaited page) run beside ours, all four pages' runs interleaved. They give:
// - the floor: what React's own streaming costs over its renderToString on this page and load
//   (information: the goal above is judged on ours);
// - the streamed page against the hand-written one (goal: at most what React's own costs).
// On node, what a request holds while it waits (lib/heap-in-flight.mjs): the heap per request in
// flight of the streamed page against the hand-written one (goal: at most 20% more, framework
// included, as the bundle's parity with Hono allows), and against our awaited page (information).
// All ask for the document uncompressed, as a client without gzip would: the figure is ours.
import path from "node:path";
import { BENCH_ROOT, builtApp, scratchDir } from "../lib/apps.mjs";
import { bundleServer } from "../lib/bundle-worker.mjs";
import { CPU_RATIO_CHECK, WALL_CLOCK_CHECK } from "../lib/check.mjs";
import { LIBRARIES } from "../lib/libraries.mjs";
import { heapPerRequestInFlight } from "../lib/heap-in-flight.mjs";
import { groupCpuMs } from "../lib/process-cpu.mjs";
import { runUnboundCommand } from "../lib/runtimes.mjs";
import { startCandidates, stopAll } from "../lib/servers.mjs";
import { interleavedSamples, summarize } from "../lib/stats.mjs";
import { limitRow, ratioRow } from "../lib/table.mjs";

const FIRST_BYTE_LIMIT_MS = 50;
const CPU_TARGET = 1.05;
const HAND_WRITTEN_TARGET = 1;
const HAND_WRITTEN_HEAP_TARGET = 1.2;
const BASELINE_FILES = { node: "streaming-node.mjs", edge: "streaming-worker.mjs" };
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
async function cpuPerRequest(pid, url, count) {
  const before = groupCpuMs(pid);
  let sent = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (sent++ < count) await (await fetch(url, { headers: HEADERS })).arrayBuffer();
  }));
  return (groupCpuMs(pid) - before) / count;
}

const bundledBaselines = new Map();

function bundleBaseline(runtime) {
  if (!bundledBaselines.has(runtime)) bundledBaselines.set(runtime, bundleHandWritten(runtime));
  return bundledBaselines.get(runtime);
}

function bundleHandWritten(runtime) {
  const react = LIBRARIES.find((library) => library.name === "React");
  return bundleServer(path.join(BENCH_ROOT, "baselines", BASELINE_FILES[runtime]), scratchDir(`streaming-baseline-${runtime}`), { target: runtime, library: react.ui });
}

async function measure(runtime, options) {
  const serverDir = builtApp("ssr-streaming", runtime);
  const wranglerJson = path.join(serverDir, "wrangler.json");
  const candidates = [
    { name: "ours", file: path.join(serverDir, "index.mjs") },
    { name: "hand-written", file: await bundleBaseline(runtime) },
  ];
  const servers = await startCandidates(candidates, (candidate) => ({ ...runUnboundCommand(runtime, candidate.file, wranglerJson), readyPath: "/awaited?delay=0" }));
  try {
    const pages = candidates.flatMap((candidate) => [
      { name: `${candidate.name} streamed`, pid: candidate.pid, url: `${candidate.origin}/streamed` },
      { name: `${candidate.name} awaited`, pid: candidate.pid, url: `${candidate.origin}/awaited` },
    ]);
    const [streamed, awaited] = pages;
    // Warm up: the JIT and the first request's one-time work, on every page.
    for (const page of pages) await cpuPerRequest(page.pid, page.url, CONCURRENCY * 2);
    const firstBytes = await interleavedSamples([streamed, awaited], options.quick ? 10 : 30, (page) => firstByteMs(page.url));
    const count = options.quick ? 600 : 2000;
    const cpu = await interleavedSamples(pages, options.quick ? 3 : 5, (page) => cpuPerRequest(page.pid, page.url, count));
    const name = runtime === "edge" ? "workerd" : runtime;
    const renderer = runtime === "edge" ? "renderToReadableStream" : "renderToPipeableStream";
    // CPU per request of page `over` against page `under`, their ratio taken run by run.
    const cpuRow = (figure, over, under, target) =>
      ratioRow({
        figure: `streaming ${name}: CPU per request, ${figure}`,
        ours: summarize(cpu[over]),
        baseline: summarize(cpu[under]),
        unit: "ms",
        better: "lower",
        target,
        check: CPU_RATIO_CHECK,
        ratios: summarize(cpu[over].map((value, run) => value / cpu[under][run])),
      });
    return [
      limitRow({
        figure: `streaming ${name}: first byte of a page whose data takes 500 ms (awaited page beside it)`,
        ours: summarize(firstBytes[streamed.name]),
        baseline: summarize(firstBytes[awaited.name]),
        unit: "ms",
        limit: FIRST_BYTE_LIMIT_MS,
        check: WALL_CLOCK_CHECK,
      }),
      cpuRow("streamed page vs the same page awaited", "ours streamed", "ours awaited", CPU_TARGET),
      cpuRow(`hand-written React ${renderer} vs its renderToString page (the floor)`, "hand-written streamed", "hand-written awaited"),
      cpuRow(`streamed page vs hand-written React ${renderer}`, "ours streamed", "hand-written streamed", HAND_WRITTEN_TARGET),
    ];
  } finally {
    await stopAll(servers);
  }
}

/** Node's heap per request in flight: ours (streamed and awaited) in one server, the hand-written streamed page in another. */
async function heldInFlight() {
  const ours = await heapPerRequestInFlight(path.join(builtApp("ssr-streaming", "node"), "index.mjs"), ["/streamed", "/awaited"]);
  const handWritten = await heapPerRequestInFlight(await bundleBaseline("node"), ["/streamed"]);
  const heapRow = (figure, baseline, target) =>
    ratioRow({ figure: `streaming node: heap held per request in flight, ${figure}`, ours: ours["/streamed"], baseline, unit: "kB", better: "lower", target });
  return [
    heapRow("streamed page vs hand-written React renderToPipeableStream", handWritten["/streamed"], HAND_WRITTEN_HEAP_TARGET),
    heapRow("streamed page vs the same page awaited", ours["/awaited"]),
  ];
}

export async function streaming(options, log) {
  const rows = [];
  for (const runtime of ["node", "edge"]) {
    log(`streaming on ${runtime}`);
    rows.push(...(await measure(runtime, options)));
  }
  log("streaming: heap per request in flight on node");
  rows.push(...(await heldInFlight()));
  return rows;
}
