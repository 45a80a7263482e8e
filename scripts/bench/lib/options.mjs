// Command-line flags and the run lengths they choose. `--quick` is a short smoke run.
import { parseArgs } from "node:util";

export const FIGURES = ["throughput", "route-scale", "build", "cold-start", "bundle-size", "ssr", "client-size", "client-types", "dev", "db", "auth"];

export function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      wrk: { type: "boolean", default: false },
      only: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  const only = values.only ? values.only.split(",") : FIGURES;
  const unknown = only.filter((figure) => !FIGURES.includes(figure));
  if (unknown.length) throw new Error(`unknown figure ${unknown.join(", ")}; choose from ${FIGURES.join(", ")}`);
  return {
    help: values.help,
    json: values.json,
    quick: values.quick,
    only,
    generator: values.wrk ? "wrk" : "autocannon",
    connections: 50,
    /** Comparisons that have no target (plain fetch worker, Hono at 1000 routes); full runs only. */
    references: !values.quick,
    loadSeconds: values.quick ? 1.5 : 5,
    warmupSeconds: values.quick ? 0.3 : 1,
    loadRuns: values.quick ? 1 : 3,
    coldStartRuns: values.quick ? 10 : 20,
    buildRuns: values.quick ? 1 : 3,
    buildSizes: values.quick ? [10, 1000] : [10, 200, 1000],
    buildTargets: values.quick ? ["node"] : ["node", "bun", "deno", "edge"],
    runtimes: ["node", "bun", "deno", "edge"],
    /** The targets `sdk dev` is measured on (figure 9). */
    devTargets: ["node", "edge"],
    devSaves: values.quick ? 8 : 20,
    devReadyRuns: values.quick ? 5 : 10,
    /** Figure 11: email/password sign-ins, and signed-in (and plain) requests, per measured run. */
    authSignIns: values.quick ? 10 : 30,
    authRequests: values.quick ? 200 : 1000,
    /** SSR of Vue, Svelte and Solid (React runs on `runtimes`): quick runs keep node and edge, to stay short. */
    otherLibraryRuntimes: values.quick ? ["node", "edge"] : ["node", "bun", "deno", "edge"],
  };
}

export const USAGE = `npm run bench [-- --quick] [-- --json] [-- --wrk] [-- --only ${FIGURES.join(",")}]`;
