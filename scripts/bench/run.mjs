// `npm run bench`: measures every figure of issue 15 (and the older ones: bundle size, client types,
// dev, db, auth) against its baseline in this run, on this machine, prints one table of ratios
// (or JSON with --json) and writes the result as JSON (--out). With --check it exits non-zero
// when a figure misses its goal beyond the check margin (lib/check.mjs). See README.md.
import { auth } from "./figures/auth.mjs";
import { buildFigure } from "./figures/build.mjs";
import { bundleSize } from "./figures/bundle-size.mjs";
import { clientSize } from "./figures/client-size.mjs";
import { clientTypes } from "./figures/client-types.mjs";
import { coldStart } from "./figures/cold-start.mjs";
import { db } from "./figures/db.mjs";
import { dev } from "./figures/dev.mjs";
import { installWeight } from "./figures/install-weight.mjs";
import { isrMemory } from "./figures/isr-memory.mjs";
import { memory } from "./figures/memory.mjs";
import { peers } from "./figures/peers.mjs";
import { routeScale } from "./figures/route-scale.mjs";
import { routeTypes } from "./figures/route-types.mjs";
import { slowClients } from "./figures/slow-clients.mjs";
import { ssr } from "./figures/ssr.mjs";
import { streaming } from "./figures/streaming.mjs";
import { throughput } from "./figures/throughput.mjs";
import { checkReport, confirmedChecks } from "./lib/check.mjs";
import { readOptions, USAGE } from "./lib/options.mjs";
import { describeMachine, machineInfo, resultJson, writeResult } from "./lib/result-file.mjs";
import { renderTable } from "./lib/table.mjs";

const FIGURES = {
  "throughput": throughput,
  "route-scale": routeScale,
  "build": buildFigure,
  "cold-start": coldStart,
  "bundle-size": bundleSize,
  "ssr": ssr,
  "streaming": streaming,
  "client-size": clientSize,
  "memory": memory,
  "isr-memory": isrMemory,
  "client-types": clientTypes,
  "route-types": routeTypes,
  "dev": dev,
  "db": db,
  "auth": auth,
  "slow-clients": slowClients,
  "install-weight": installWeight,
  "peers": peers,
};

const options = readOptions(process.argv.slice(2));
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const started = performance.now();
const log = (message) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${message}\n`);
const machine = machineInfo(options);
const elapsedSeconds = () => Math.round((performance.now() - started) / 1000);
/** Each figure's rows, in the order the figures ran. */
const rowsOf = new Map();
const allRows = () => [...rowsOf.values()].flat();
for (const name of options.only) {
  const figureRows = await FIGURES[name](options, log);
  rowsOf.set(name, figureRows);
  // A run stopped halfway (or one figure that hangs) keeps what the figures before it measured:
  // their rows go to stderr as each finishes and the result file holds every row so far.
  log(`${name} done:\n${renderTable(figureRows)}`);
  writeResult(options.out, resultJson({ machine, options, seconds: elapsedSeconds(), rows: allRows(), partial: true }));
}

const remeasure = (name) => {
  log(`${name}: a regression on the first measurement, measured again to confirm it`);
  return FIGURES[name](options, log);
};
const { checks, unconfirmed } = options.check ? await confirmedChecks(rowsOf, remeasure) : {};
const rows = allRows();

const seconds = elapsedSeconds();
const result = resultJson({ machine, options, seconds, rows, checks });
writeResult(options.out, result);
if (options.json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  console.log(`\n${options.quick ? "quick run" : "full run"} on ${describeMachine(machine)}, ${seconds} s\n`);
  console.log(renderTable(rows));
  console.log(`\nresult written to ${options.out}`);
}
if (checks) {
  // After --json, stdout holds the JSON alone.
  for (const line of checkReport(checks, options.leftOut, unconfirmed)) (options.json ? console.error : console.log)(line);
  if (checks.some((check) => check.outcome === "regression")) process.exit(1);
}
process.exit(0);
