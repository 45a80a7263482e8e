// Figure 17 without the socket: the edge build of apps/ssr-streaming imported into this Node.js
// process and called through `fetch()`, its streamed and its awaited page in alternating batches,
// each response read to its end. What is left is the pages' own work, the render and the stream
// of the document; over HTTP the server also pays the streamed page's second write to the socket,
// which on loopback carries the kernel's TCP work for both ends. CPU time of this process, not
// wall time: the streamed page's data arrives on a timer (`?delay=0`), during which it is idle.
// Usage: node scripts/bench/streaming-in-process.mjs
import { pathToFileURL } from "node:url";
import path from "node:path";
import { builtApp } from "./lib/apps.mjs";
import { interleavedSamples, median } from "./lib/stats.mjs";

const BATCH = 100;
const CONCURRENCY = 20;
const ALTERNATIONS = 101;
const WARM_UP_REQUESTS = 2000;

const file = path.join(builtApp("ssr-streaming", "edge"), "index.mjs");
const worker = (await import(pathToFileURL(file).href)).default;
const executionContext = { waitUntil() {}, passThroughOnException() {} };
const pages = [
  { name: "streamed", url: "/streamed?delay=0" },
  { name: "awaited", url: "/awaited?delay=0" },
];

async function page(url) {
  const response = await worker.fetch(new Request(`http://localhost${url}`, { headers: { accept: "text/html" } }), {}, executionContext);
  return response.text();
}

/** CPU µs per request over `count` requests, CONCURRENCY at a time. */
async function batch(url, count) {
  const before = process.cpuUsage();
  let sent = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (sent++ < count) await page(url);
  }));
  const { user, system } = process.cpuUsage(before);
  return (user + system) / count;
}

for (const { url } of pages) console.log(`${url}: ${(await page(url)).length} characters of HTML`);
for (const { url } of pages) await batch(url, WARM_UP_REQUESTS);
const samples = await interleavedSamples(pages, ALTERNATIONS, ({ url }) => batch(url, BATCH));
const ratios = samples.streamed.map((streamed, run) => streamed / samples.awaited[run]);
for (const { name, url } of pages) console.log(`${url}: ${median(samples[name]).toFixed(1)} µs CPU per request`);
console.log(`streamed over awaited: ${median(ratios).toFixed(3)}x [${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}] over ${ALTERNATIONS} alternations`);
