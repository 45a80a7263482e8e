// Command-line flags and the run lengths they choose. `--quick` is a short smoke run.
import { parseArgs } from "node:util";

export const FIGURES = ["throughput", "route-scale", "build", "cold-start", "bundle-size", "ssr", "streaming", "client-size", "memory", "isr-memory", "client-types", "route-types", "dev", "db", "auth", "slow-clients", "install-weight"];

/** Figures only run when asked for (`--peers`, or by name with --only): never in the default run, --quick or CI. */
export const OPT_IN_FIGURES = ["peers"];

/**
 * Figures `--quick --check` leaves out unless named with --only, so CI's check stays within about
 * five minutes on two cores; the check prints each with its reason.
 */
export const LEFT_OUT_OF_QUICK_CHECK = {
  "client-types": "information only, it has no goal",
  "dev": "judged on wall-clock time, and starting `sdk dev` on workerd takes minutes on two cores",
  "slow-clients": "information only, it has no goal",
  "db": "needs PostgreSQL and MySQL servers, and its workerd ratios show only large differences (README, figure 10)",
};

export function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      out: { type: "string", default: "bench-result.json" },
      check: { type: "boolean", default: false },
      wrk: { type: "boolean", default: false },
      only: { type: "string" },
      peers: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  const named = values.only ? values.only.split(",") : undefined;
  const leftOut = values.quick && values.check && !named && !values.peers ? LEFT_OUT_OF_QUICK_CHECK : {};
  // --peers alone runs the peers figure alone: it installs five frameworks and takes its own time.
  const chosen = named ?? (values.peers ? [] : FIGURES.filter((figure) => !(figure in leftOut)));
  const only = values.peers && !chosen.includes("peers") ? [...chosen, "peers"] : chosen;
  const known = [...FIGURES, ...OPT_IN_FIGURES];
  const unknown = only.filter((figure) => !known.includes(figure));
  if (unknown.length) throw new Error(`unknown figure ${unknown.join(", ")}; choose from ${known.join(", ")}`);
  return {
    help: values.help,
    json: values.json,
    /** Where the JSON result is written, whatever else is printed. */
    out: values.out,
    /** Exit non-zero when a figure misses its goal by more than the check margin (check.mjs). */
    check: values.check,
    quick: values.quick,
    only,
    /** Figures not run, with why: { figure: reason }. */
    leftOut,
    generator: values.wrk ? "wrk" : "autocannon",
    connections: 50,
    /** Comparisons that have no target (plain fetch worker, Hono at 1000 routes); full runs only. */
    references: !values.quick,
    /** About how long one load run lasts; its request count is fixed from the warm-up rate (load-comparison.mjs). */
    loadSeconds: values.quick ? 1 : 3,
    minLoadRequests: values.quick ? 1000 : 3000,
    /** Server CPU time the cheapest candidate spends per run at least: 30 (quick) or 100 clock ticks. */
    cpuBudgetMs: values.quick ? 300 : 1000,
    warmupSeconds: values.quick ? 1 : 2,
    /** Interleaved alternations per comparison where servers are measured one request at a time (figure 11). */
    loadRuns: values.quick ? 3 : 5,
    /**
     * Load comparisons (figures 1, 2, 6, 10): how many times every server is started, and on each
     * start the runs of one candidate at a time (req/s) and paired runs (CPU per request, which
     * decides). Full runs: 6 paired runs over 3 starts; quick runs: 3 on one start.
     */
    serverStarts: values.quick ? 1 : 3,
    aloneRuns: values.quick ? 3 : 1,
    pairedRuns: values.quick ? 3 : 2,
    coldStartRuns: values.quick ? 8 : 40,
    /** Cold start: quick runs leave out workerd, whose figure has no goal and whose every start takes seconds. */
    coldStartRuntimes: values.quick ? ["node", "bun", "deno"] : ["node", "bun", "deno", "edge"],
    buildRuns: values.quick ? 1 : 3,
    buildSizes: values.quick ? [1000] : [10, 200, 1000, 5000],
    buildTargets: values.quick ? ["node"] : ["node", "bun", "deno", "edge"],
    runtimes: ["node", "bun", "deno", "edge"],
    /** Route scale: quick runs keep node, where the goal was first set, to stay short. */
    routeScaleRuntimes: values.quick ? ["node"] : ["node", "bun", "deno", "edge"],
    /** Memory figure: the node servers' RSS after the first, the warmed-up and the last count of requests. */
    memoryRequests: values.quick ? [1_000, 10_000, 30_000] : [1_000, 20_000, 100_000],
    /** ISR figure: distinct cache keys requested from the node server. */
    isrKeys: values.quick ? 10_000 : 50_000,
    /** The targets `sdk dev` is measured on (figure 9). */
    devTargets: ["node", "edge"],
    devSaves: values.quick ? 8 : 20,
    devReadyRuns: values.quick ? 5 : 10,
    /** Figure 11: email/password sign-ins, and signed-in (and plain) requests, per measured run. */
    authSignIns: values.quick ? 10 : 30,
    authRequests: values.quick ? 200 : 1000,
    /** Slow clients (issue 38): the slowloris crowd, how long it hangs, and the new client's requests timed before and during it. */
    slowCrowd: values.quick ? 300 : 1000,
    slowAttackSeconds: 14,
    slowLegitRequests: values.quick ? 10 : 30,
    slowClientRuntimes: ["node", "bun", "deno"],
    /** Peers (opt-in): requests per round and rounds of CPU per request, warm-up requests, cold builds and cold starts per side. */
    peerRequests: values.quick ? 2_000 : 20_000,
    peerRounds: 3,
    peerWarmupRequests: values.quick ? 500 : 2_000,
    peerBuildRuns: values.quick ? 1 : 3,
    peerColdStartRuns: values.quick ? 5 : 20,
    /** SSR runtimes: full runs measure every library on every runtime; quick runs React on node and edge, the others on node. */
    ssrRuntimes: values.quick ? { react: ["node", "edge"], other: ["node"] } : { react: ["node", "bun", "deno", "edge"], other: ["node", "bun", "deno", "edge"] },
  };
}

export const USAGE = `npm run bench [-- --quick] [-- --check] [-- --json] [-- --out <file>] [-- --wrk] [-- --only ${FIGURES.join(",")}] [-- --peers]`;
