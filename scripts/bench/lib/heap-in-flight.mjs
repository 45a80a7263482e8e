// What a node server holds per request in flight: its heap after full collections while 400
// requests wait on a slow page, less its heap with the same connections open and idle, divided by
// 400. Unlike CPU time, this hardly moves with load: it counts what each waiting request
// keeps alive (its renderer's state, its timers and promises), which the young generation's
// collections copy for as long as the request waits.
import http from "node:http";
import path from "node:path";
import { BENCH_ROOT } from "./apps.mjs";
import { startServer } from "./servers.mjs";

const PROBE = path.join(BENCH_ROOT, "lib", "heap-probe.cjs");
const IN_FLIGHT = 400;
const WARM_UP_REQUESTS = 300;
/** Long enough for every request to be in flight when the heap is read, and to outlast the read. */
const SLOW_MS = 4_000;
const SETTLE_MS = 1_500;

const PROBE_TIMEOUT_MS = 10_000;

/** The server's heap in use after full collections, in bytes, as heap-probe.cjs prints it. */
async function heapUsed(server) {
  const from = server.output().length;
  process.kill(server.pid, "SIGUSR2");
  for (const started = performance.now(); performance.now() - started < PROBE_TIMEOUT_MS; ) {
    const match = /HEAP (\d+)\n/.exec(server.output().slice(from));
    if (match) return Number(match[1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the server printed no heap within ${PROBE_TIMEOUT_MS} ms of SIGUSR2:\n${server.output()}`);
}

/**
 * kB (1,000 bytes) held per request in flight by the node server module `file` for each of
 * `pages` (paths that take `?delay=` ms to answer), measured in one server, page after page.
 */
export async function heapPerRequestInFlight(file, pages) {
  const server = await startServer({ command: process.execPath, args: ["--expose-gc", "--require", PROBE, file], readyPath: `${pages[0]}?delay=0` });
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const get = (url) =>
    new Promise((resolve, reject) => {
      http.get(`${server.origin}${url}`, { agent, headers: { "accept-encoding": "identity" } }, (response) => response.resume().on("end", resolve)).on("error", reject);
    });
  try {
    const held = {};
    for (const page of pages) {
      for (let sent = 0; sent < WARM_UP_REQUESTS; sent++) await get(`${page}?delay=0`);
      // The connections open first, so the difference is the requests, not their sockets.
      await Promise.all(Array.from({ length: IN_FLIGHT }, () => get(`${page}?delay=0`)));
      const idle = await heapUsed(server);
      const waiting = Array.from({ length: IN_FLIGHT }, () => get(`${page}?delay=${SLOW_MS}`));
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const busy = await heapUsed(server);
      await Promise.all(waiting);
      held[page] = (busy - idle) / (IN_FLIGHT * 1000);
    }
    return held;
  } finally {
    agent.destroy();
    await server.stop();
  }
}
