// Memory: the node server of the hello app must not grow under load. Its memory after the first
// thousand requests of GET /api/users/:id, each with another id, after twenty thousand (quick:
// ten thousand) and once a hundred thousand (quick: thirty thousand) have been answered, each read
// after a full garbage collection once the server has settled (lib/settled-memory.mjs).
// RSS also holds the pages V8 keeps committed for its young generation, which it enlarges as the
// allocation rate stays high and keeps after a collection; the live heap (V8's heap in use plus
// its external memory) is what would grow if the server kept anything per request. Bare node:http,
// measured the same way, shows how much RSS growth any Node server has under this load.
import path from "node:path";
import { builtApp } from "../lib/apps.mjs";
import { load } from "../lib/load.mjs";
import { GC_ON_SIGNAL_ARGS, settledMemory } from "../lib/settled-memory.mjs";
import { startServer } from "../lib/servers.mjs";
import { ratioRow } from "../lib/table.mjs";

const GROWTH_LIMIT = 1.1;
const BARE_NODE = new URL("../baselines/bare-node.mjs", import.meta.url).pathname;

/** The settled memory of the server at `script` after each (cumulative) count of requests. */
async function memoryAfter(script, counts, connections) {
  const server = await startServer({ command: process.execPath, args: [...GC_ON_SIGNAL_ARGS, script], readyPath: "/api/hello" });
  try {
    let id = 0;
    const readings = [];
    for (const count of counts) {
      await load(server.origin, { requests: count - id, connections, generator: "autocannon", paths: () => `/api/users/${id++}` });
      readings.push(await settledMemory(server));
    }
    return readings;
  } finally {
    await server.stop();
  }
}

const requests = (count) => `${count.toLocaleString("en-US")} requests`;

export async function memory(options, log) {
  const counts = options.memoryRequests;
  const [early, warm, late] = counts;
  log(`memory: node server after ${counts.join(", ")} requests, ours and bare node:http`);
  const ours = await memoryAfter(path.join(builtApp("hello", "node"), "index.mjs"), counts, options.connections);
  const bare = await memoryAfter(BARE_NODE, counts, options.connections);
  const growth = { unit: "MB", better: "lower" };
  return [
    ratioRow({
      ...growth,
      figure: `memory node RSS after ${requests(late)} vs after ${requests(early)} (GET /api/users/:id, distinct ids)`,
      ours: ours[2].rssMB,
      baseline: ours[0].rssMB,
      target: GROWTH_LIMIT,
    }),
    ratioRow({
      ...growth,
      figure: `memory node live heap after ${requests(late)} vs after ${requests(warm)} (what a leak would grow)`,
      ours: ours[2].liveMB,
      baseline: ours[1].liveMB,
      target: GROWTH_LIMIT,
    }),
    ratioRow({
      ...growth,
      figure: `memory bare node:http RSS after ${requests(late)} vs after ${requests(early)} (the same load)`,
      ours: bare[2].rssMB,
      baseline: bare[0].rssMB,
    }),
  ];
}
