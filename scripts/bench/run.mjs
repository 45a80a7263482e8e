// `npm run bench`: measures every figure of issues 4 and 8 against its baseline in this run, on this
// machine, and prints one table of ratios (or JSON with --json). See README.md.
import os from "node:os";
import { buildFigure } from "./figures/build.mjs";
import { bundleSize } from "./figures/bundle-size.mjs";
import { clientSize } from "./figures/client-size.mjs";
import { clientTypes } from "./figures/client-types.mjs";
import { coldStart } from "./figures/cold-start.mjs";
import { auth } from "./figures/auth.mjs";
import { db } from "./figures/db.mjs";
import { dev } from "./figures/dev.mjs";
import { routeScale } from "./figures/route-scale.mjs";
import { ssr } from "./figures/ssr.mjs";
import { throughput } from "./figures/throughput.mjs";
import { readOptions, USAGE } from "./lib/options.mjs";
import { renderTable } from "./lib/table.mjs";

const FIGURES = {
  "throughput": throughput,
  "route-scale": routeScale,
  "build": buildFigure,
  "cold-start": coldStart,
  "bundle-size": bundleSize,
  "ssr": ssr,
  "client-size": clientSize,
  "client-types": clientTypes,
  "dev": dev,
  "db": db,
  "auth": auth,
};

const options = readOptions(process.argv.slice(2));
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const started = performance.now();
const log = (message) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${message}\n`);
const rows = [];
for (const name of options.only) rows.push(...(await FIGURES[name](options, log)));

const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}, load ${os.loadavg()[0].toFixed(2)}, load generator ${options.generator}`;
if (options.json) {
  const { help, ...settings } = options;
  console.log(JSON.stringify({ machine, settings, rows: rows.map(({ figure, target, verdict, values }) => ({ figure, target, verdict, ...values })) }, null, 2));
} else {
  console.log(`\n${options.quick ? "quick run" : "full run"} on ${machine}, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  console.log(renderTable(rows));
}
process.exit(0);
