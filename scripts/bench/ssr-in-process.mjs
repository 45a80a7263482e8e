// Figure 6 without the HTTP stack: our edge build of a library's SSR app and its baseline worker,
// both imported into this Node.js process and called through `fetch()` in alternating batches, so
// what is left to compare is the page's own work. Over HTTP a step of 5% hides in the spread of
// the load runs; here the median of 200 alternations moves by about 1%. With --profile, it then
// writes a CPU profile of each side's calls (bundles and source maps beside them) for
// cpu-profile-top.mjs.
// Usage: node scripts/bench/ssr-in-process.mjs <react|vue|svelte|solid> [--profile <dir>]
//   node scripts/bench/cpu-profile-top.mjs <dir>/ours.cpuprofile 30 --map <dir>/ours/index.mjs.map
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { BENCH_ROOT, builtApp, scratchDir } from "./lib/apps.mjs";
import { bundleServer } from "./lib/bundle-worker.mjs";
import { appFor, LIBRARIES } from "./lib/libraries.mjs";
import { median } from "./lib/stats.mjs";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { profile: { type: "string" } } });
const library = LIBRARIES.find((candidate) => candidate.ui.name === positionals[0]);
if (!library) {
  console.error(`usage: node scripts/bench/ssr-in-process.mjs <${LIBRARIES.map((candidate) => candidate.ui.name).join("|")}> [--profile <dir>]`);
  process.exit(1);
}

const BATCH = 100;
const ALTERNATIONS = 201;
const WARM_UP_REQUESTS = 3000;
const PROFILED_REQUESTS = 20000;

const ourFile = path.join(builtApp(appFor("ssr", library), "edge"), "index.mjs");
const baselineFile = await bundleServer(path.join(BENCH_ROOT, "baselines", "ssr-worker.mjs"), scratchDir(`ssr-in-process-${library.ui.name}`), {
  target: "edge",
  library: library.ui,
  aliases: { "ssr-app": path.join(BENCH_ROOT, "baselines", `ssr-app-${library.ui.name}.mjs`) },
});
const sides = [
  { name: "ours", file: ourFile, worker: (await import(pathToFileURL(ourFile).href)).default },
  { name: "baseline", file: baselineFile, worker: (await import(pathToFileURL(baselineFile).href)).default },
];

const executionContext = { waitUntil() {}, passThroughOnException() {} };
async function page(worker) {
  const response = await worker.fetch(new Request("http://localhost/"), {}, executionContext);
  return response.text();
}

/** Mean µs per request over `count` requests in a row. */
async function batch(worker, count) {
  const start = process.hrtime.bigint();
  for (let request = 0; request < count; request++) await page(worker);
  return Number(process.hrtime.bigint() - start) / count / 1000;
}

for (const side of sides) console.log(`${side.name}: ${(await page(side.worker)).length} bytes of HTML`);
for (const side of sides) await batch(side.worker, WARM_UP_REQUESTS);
const times = sides.map(() => []);
const ratios = [];
for (let alternation = 0; alternation < ALTERNATIONS; alternation++) {
  // Each side goes first in every other alternation.
  const order = alternation % 2 ? [1, 0] : [0, 1];
  const measured = [];
  for (const index of order) measured[index] = await batch(sides[index].worker, BATCH);
  measured.forEach((value, index) => times[index].push(value));
  ratios.push(measured[1] / measured[0]);
}
sides.forEach((side, index) => console.log(`${side.name}: ${median(times[index]).toFixed(1)} µs per request`));
console.log(`baseline over ours: ${median(ratios).toFixed(3)}x [${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}] over ${ALTERNATIONS} alternations`);

if (values.profile) {
  mkdirSync(values.profile, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  for (const side of sides) {
    cpSync(path.dirname(side.file), path.join(values.profile, side.name), { recursive: true });
    await session.post("Profiler.start");
    await batch(side.worker, PROFILED_REQUESTS);
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(path.join(values.profile, `${side.name}.cpuprofile`), JSON.stringify(profile));
  }
  console.log(`profiles in ${values.profile}: ours.cpuprofile, baseline.cpuprofile (read with --map <side>/index.mjs.map)`);
}
