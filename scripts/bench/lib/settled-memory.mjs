// What a node server retains once its work has settled. Right after a load ends, the server
// still finishes responses and background work (ISR stores its entries in waitUntil) and V8 has
// not collected their garbage, which moved the ISR figure by 25 MB between runs. So: a full
// collection (gc-on-signal.mjs, preloaded with GC_ON_SIGNAL_ARGS), repeated until RSS stops falling.
import { setTimeout as sleep } from "node:timers/promises";
import { rssMB } from "./process-memory.mjs";

const MARKER = "sdk-bench: collected ";
/** Node flags that let settledMemory ask the server for a full collection. */
export const GC_ON_SIGNAL_ARGS = ["--expose-gc", "--import", new URL("./gc-on-signal.mjs", import.meta.url).href];

const SETTLED_MB = 1;
const SETTLE_EVERY_MS = 200;
const SETTLE_WITHIN_MS = 10_000;
const MB = 1024 * 1024;

const reports = (output) => output.split("\n").filter((line) => line.startsWith(MARKER));

/** `{ rssMB, liveMB }` right after one full collection; liveMB is V8's heap in use plus its external memory. */
async function collected(server) {
  const before = reports(server.output()).length;
  process.kill(server.pid, "SIGUSR2");
  const started = performance.now();
  let after = reports(server.output());
  while (after.length === before) {
    if (performance.now() - started > SETTLE_WITHIN_MS) throw new Error(`the server (pid ${server.pid}) did not collect garbage within ${SETTLE_WITHIN_MS} ms of SIGUSR2`);
    await sleep(5);
    after = reports(server.output());
  }
  const { heapUsed, external } = JSON.parse(after.at(-1).slice(MARKER.length));
  return { rssMB: rssMB(server.pid), liveMB: (heapUsed + external) / MB };
}

/**
 * `server` from startServer, started with GC_ON_SIGNAL_ARGS: its memory after a full collection,
 * once two collections SETTLE_EVERY_MS apart differ in RSS by at most SETTLED_MB.
 */
export async function settledMemory(server) {
  const started = performance.now();
  let previous = await collected(server);
  while (performance.now() - started < SETTLE_WITHIN_MS) {
    await sleep(SETTLE_EVERY_MS);
    const current = await collected(server);
    if (previous.rssMB - current.rssMB <= SETTLED_MB) return current;
    previous = current;
  }
  return previous;
}
