// Ours against baselines under load, measured two ways. Wall-clock req/s swings widely on a shared
// machine (bare node:http alone: 19k to 45k req/s in back-to-back runs), so the figures are judged
// on the server's CPU time per request: the user+system time of its process group (lib/process-cpu.mjs:
// the server and what it spawned, such as Miniflare's workerd; never the load generator, which runs
// in this process). req/s comes from runs of one candidate at a time, each sent the same count of
// requests, sized from the warm-up (see requestCount); CPU per request from paired runs, which load
// every candidate at once (see pairedRun).
import { CPU_RATIO_CHECK } from "./check.mjs";
import { load } from "./load.mjs";
import { groupCpuMs } from "./process-cpu.mjs";
import { stopAll } from "./servers.mjs";
import { interleavedSamples, summarize } from "./stats.mjs";
import { ratioRow } from "./table.mjs";

/** One load run of `requests` (or, with wrk, `seconds`): its rate and the server's CPU µs per request. */
async function measuredRun(candidate, url, { requests, seconds }, options) {
  const before = groupCpuMs(candidate.pid);
  const done = await load(url, { requests, seconds, connections: options.connections, generator: options.generator });
  const cpuMs = groupCpuMs(candidate.pid) - before;
  return { requests: done.requests, rate: done.requests / done.seconds, cpuUs: (cpuMs * 1000) / done.requests };
}

/** Requests per connection in a warm-up by count. */
const WARM_UP_ROUNDS = 4;

/**
 * A timed run, which also brings the server past its JIT warm-up. A server slower to answer than
 * that run lasts (a worker opening a database connection per request, 50 at once: PostgreSQL
 * through Miniflare's Hyperdrive stand-in answers each after one to two seconds) ends it with
 * fewer answers than connections, or none, which says nothing of its rate (none made the count
 * NaN, and the runs after it never ended): it is warmed up by count instead.
 */
async function warmUp(candidate, url, options) {
  const timed = await measuredRun(candidate, url, { seconds: options.warmupSeconds }, options);
  if (timed.requests >= options.connections) return timed;
  return measuredRun(candidate, url, { requests: options.connections * WARM_UP_ROUNDS }, options);
}

/** However cheap a server looks in its short warm-up, a run lasts at most this many times `loadSeconds`. */
const MOST_LOAD_SECONDS_FACTOR = 3;

/**
 * Enough requests that a run lasts about `loadSeconds` on the slowest candidate, and that the
 * cheapest one still spends `cpuBudgetMs` on them: clock ticks are 10 ms, so a run of a few ticks
 * would measure the tick, not the server. At least `minLoadRequests`, unless the slowest candidate
 * would need more than MOST_LOAD_SECONDS_FACTOR times `loadSeconds` for them: PostgreSQL through
 * the Hyperdrive stand-in answers about 25 requests a second, so a full run's 3000 took two
 * minutes per run and twenty for the comparison, where a few hundred requests spend seconds of
 * its CPU. Rounded up to hundreds.
 */
function requestCount(warmUps, options) {
  const slowestRate = Math.min(...warmUps.map((run) => run.rate));
  // A warm-up that used no whole tick says nothing about its CPU per request.
  const cheapestCpuUs = Math.min(...warmUps.map((run) => run.cpuUs || Infinity));
  const most = slowestRate * options.loadSeconds * MOST_LOAD_SECONDS_FACTOR;
  const wanted = Math.min(Math.max(options.minLoadRequests, slowestRate * options.loadSeconds, (options.cpuBudgetMs * 1000) / cheapestCpuUs), most);
  return Math.ceil(wanted / 100) * 100;
}

/**
 * Every candidate under load at the same time for the same `seconds`, the connections shared out
 * between them; resolves with each one's CPU µs per request, in `candidates` order. The machine's
 * state (other load, the CPU clock, the caches) changes within seconds, and one candidate at a time
 * meets a different state than the next: a server measured against itself, one at a time, read
 * 0.82x-1.26x per pair of runs on node and 0.82x-1.67x on deno, while paired it read 0.93x-1.08x and
 * 0.88x-1.08x. Run for a time rather than a count, so neither runs alone once the other has finished.
 */
async function pairedRun(candidates, urlPath, seconds, options) {
  const connections = Math.max(1, Math.floor(options.connections / candidates.length));
  return Promise.all(candidates.map(async (candidate) => {
    const before = groupCpuMs(candidate.pid);
    const done = await load(candidate.origin + urlPath, { seconds, connections, generator: options.generator });
    return ((groupCpuMs(candidate.pid) - before) * 1000) / done.requests;
  }));
}

/**
 * A paired run lasts long enough that each candidate, with its share of the machine, spends about
 * what it would alone in `loadSeconds`; whole seconds, as autocannon times its runs.
 */
function pairedSeconds(candidates, options) {
  return Math.ceil((options.loadSeconds * candidates.length) / 2);
}

/**
 * Fewer answers than this per candidate in a paired run say little of its CPU per request (a worker
 * opening a PostgreSQL connection through Miniflare's Hyperdrive stand-in answers about 25 a
 * second): such a comparison takes its CPU from the runs of one candidate at a time instead.
 */
const LEAST_PAIRED_REQUESTS = 300;

/**
 * Each candidate's CPU µs per request from `options.pairedRuns` paired runs, in `candidates` order; null when
 * the slowest candidate, by its warm-up, would answer too few requests in its share of one.
 */
async function pairedCpuSamples(candidates, urlPath, warmUps, options) {
  const seconds = pairedSeconds(candidates, options);
  const slowestRate = Math.min(...warmUps.map((run) => run.rate));
  if ((slowestRate * seconds) / candidates.length < LEAST_PAIRED_REQUESTS) return null;
  const samples = candidates.map(() => []);
  for (let run = 0; run < options.pairedRuns; run++) {
    const cpuUs = await pairedRun(candidates, urlPath, seconds, options);
    cpuUs.forEach((value, index) => samples[index].push(value));
  }
  return samples;
}

/**
 * One start's runs on `urlPath`: every candidate warmed up, loaded `options.aloneRuns` times one
 * at a time, interleaved, and `options.pairedRuns` times paired. Resolves with each candidate's
 * runs, keyed by name: `rate` and `aloneCpuUs` from the runs one at a time, `pairedCpuUs` (null
 * when the comparison cannot be paired) from the paired ones.
 */
async function runsOnOneStart(candidates, urlPath, options) {
  const warmUps = [];
  for (const candidate of candidates) warmUps.push(await warmUp(candidate, candidate.origin + urlPath, { ...options, generator: "autocannon" }));
  const requests = requestCount(warmUps, options);
  const alone = await interleavedSamples(candidates, options.aloneRuns, (candidate) =>
    measuredRun(candidate, candidate.origin + urlPath, { requests, seconds: options.loadSeconds }, options));
  const paired = await pairedCpuSamples(candidates, urlPath, warmUps, options);
  return Object.fromEntries(candidates.map((candidate, index) => [candidate.name, {
    rate: alone[candidate.name].map((run) => run.rate),
    aloneCpuUs: alone[candidate.name].map((run) => run.cpuUs),
    pairedCpuUs: paired && paired[index],
  }]));
}

/**
 * Each candidate's runs on every start, joined: the CPU from the paired runs when every start
 * could pair them, else from the runs one at a time.
 */
function joinStarts(candidates, starts) {
  const paired = starts.every((runs) => runs[candidates[0].name].pairedCpuUs !== null);
  return Object.fromEntries(candidates.map((candidate) => {
    const runs = starts.map((start) => start[candidate.name]);
    const cpuUsRuns = runs.flatMap((run) => (paired ? run.pairedCpuUs : run.aloneCpuUs));
    return [candidate.name, {
      rate: summarize(runs.flatMap((run) => run.rate)),
      cpuUs: summarize(cpuUsRuns),
      cpuUsRuns,
      cpuMethod: paired ? "paired" : "one at a time",
      starts: starts.length,
    }];
  }));
}

/**
 * `candidates` ({ name }) measured on each of `urlPaths` over `options.serverStarts` starts:
 * `start()` starts every candidate's server, giving each candidate its `origin` and `pid`
 * (startCandidates), and resolves with the servers, which are stopped after each start's runs.
 * Pairing removes what changes within seconds, but each start of a process settles into its own
 * JIT and heap state: a node server against a copy of itself read 0.99x, 1.04x and 1.03x on three
 * starts, each the median of its paired runs. So the runs are shared out over starts.
 * Resolves with `{ [urlPath]: { [name]: { rate, cpuUs, cpuUsRuns, cpuMethod, starts } } }`: `rate`
 * and `cpuUs` each a summary (median, min, max) of every start's runs, `cpuUsRuns` the values run
 * by run, start after start, from the paired runs unless `cpuMethod` says "one at a time".
 */
export async function compareUnderLoad(candidates, urlPaths, start, options) {
  const starts = urlPaths.map(() => []);
  for (let round = 0; round < options.serverStarts; round++) {
    const servers = await start();
    try {
      for (const [index, urlPath] of urlPaths.entries()) starts[index].push(await runsOnOneStart(candidates, urlPath, options));
    } finally {
      await stopAll(servers);
    }
  }
  return Object.fromEntries(urlPaths.map((urlPath, index) => [urlPath, joinStarts(candidates, starts[index])]));
}

/**
 * Two rows for one comparison: CPU time per request, which decides (the baseline's over ours, so
 * higher is better and the goal reads as a throughput ratio), and req/s, for information. Paired
 * runs are judged on the median of their ratios, each taken within one run, where both met the
 * same machine.
 */
export function loadRows({ figure, ours, baseline, target }) {
  const ratios = ours.cpuMethod === "paired" ? summarize(ours.cpuUsRuns.map((cpuUs, run) => baseline.cpuUsRuns[run] / cpuUs)) : undefined;
  return [
    withCpuMethod(ratioRow({ figure: `${figure}: CPU per request`, ours: ours.cpuUs, baseline: baseline.cpuUs, unit: "µs", better: "higher", inverse: true, target, check: CPU_RATIO_CHECK, ratios }), ours),
    ratioRow({ figure: `${figure}: req/s (wall clock, info)`, ours: ours.rate, baseline: baseline.rate, unit: "req/s", better: "higher" }),
  ];
}

/**
 * The JSON result says how the CPU was measured: "paired", or "one at a time" (see
 * LEAST_PAIRED_REQUESTS), and over how many starts of the servers.
 */
function withCpuMethod(row, { cpuMethod, starts }) {
  return { ...row, values: { ...row.values, cpuMethod, starts } };
}
