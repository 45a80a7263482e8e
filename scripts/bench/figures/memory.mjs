// Memory: the node server of the hello app must not grow under load. Its RSS after the first
// thousand requests of GET /api/users/:id, each with another id, against its RSS once a hundred
// thousand (quick: twenty thousand) have been answered.
import path from "node:path";
import { builtApp } from "../lib/apps.mjs";
import { load } from "../lib/load.mjs";
import { rssMB } from "../lib/process-memory.mjs";
import { startServer } from "../lib/servers.mjs";
import { ratioRow } from "../lib/table.mjs";

const GROWTH_LIMIT = 1.1;

export async function memory(options, log) {
  const [early, late] = options.memoryRequests;
  log(`memory: node server RSS after ${early} and ${late} requests`);
  const serverDir = builtApp("hello", "node");
  const server = await startServer({ command: process.execPath, args: [path.join(serverDir, "index.mjs")], readyPath: "/api/hello" });
  try {
    let id = 0;
    const send = (requests) => load(server.origin, { requests, connections: options.connections, generator: "autocannon", paths: () => `/api/users/${id++}` });
    await send(early);
    const afterEarly = rssMB(server.pid);
    await send(late - early);
    return [ratioRow({
      figure: `memory node RSS after ${late.toLocaleString("en-US")} requests vs after ${early.toLocaleString("en-US")} (GET /api/users/:id, distinct ids)`,
      ours: rssMB(server.pid),
      baseline: afterEarly,
      unit: "MB",
      better: "lower",
      target: GROWTH_LIMIT,
    })];
  } finally {
    await server.stop();
  }
}
