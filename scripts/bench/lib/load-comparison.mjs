// Ours against baselines under load, measured two ways. Wall-clock req/s swings widely on a shared
// machine (bare node:http alone: 19k to 45k req/s in back-to-back runs), so every run also takes
// the server's CPU time per request: the user+system time of its process group (lib/process-cpu.mjs:
// the server and what it spawned, such as Miniflare's workerd; never the load generator, which runs
// in this process) before and after a fixed number of requests. Every candidate gets the same
// count, sized from the warm-up (see requestCount).
import { CPU_RATIO_CHECK } from "./check.mjs";
import { load } from "./load.mjs";
import { groupCpuMs } from "./process-cpu.mjs";
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
 * `candidates` are running servers ({ name, origin, pid }); each is warmed up on `urlPath`, then
 * loaded `options.loadRuns` times, interleaved. Resolves with `{ [name]: { rate, cpuUs } }`, each
 * a summary (median, min, max) of the runs.
 */
export async function compareUnderLoad(candidates, urlPath, options) {
  const warmUps = [];
  for (const candidate of candidates) warmUps.push(await warmUp(candidate, candidate.origin + urlPath, { ...options, generator: "autocannon" }));
  const requests = requestCount(warmUps, options);
  const samples = await interleavedSamples(candidates, options.loadRuns, (candidate) =>
    measuredRun(candidate, candidate.origin + urlPath, { requests, seconds: options.loadSeconds }, options));
  return Object.fromEntries(Object.entries(samples).map(([name, runs]) => [name, {
    rate: summarize(runs.map((run) => run.rate)),
    cpuUs: summarize(runs.map((run) => run.cpuUs)),
  }]));
}

/**
 * Two rows for one comparison: CPU time per request, which decides (the baseline's over ours, so
 * higher is better and the goal reads as a throughput ratio), and req/s, for information.
 */
export function loadRows({ figure, ours, baseline, target }) {
  return [
    ratioRow({ figure: `${figure}: CPU per request`, ours: ours.cpuUs, baseline: baseline.cpuUs, unit: "µs", better: "higher", inverse: true, target, check: CPU_RATIO_CHECK }),
    ratioRow({ figure: `${figure}: req/s (wall clock, info)`, ours: ours.rate, baseline: baseline.rate, unit: "req/s", better: "higher" }),
  ];
}
