// Profiles a worker in workerd under load, through Miniflare's inspector, as `node --cpu-prof` does
// for the node servers: a CPU profile of the load, or with --heap a heap snapshot after it (the
// snapshot collects garbage first, so it holds only what the worker keeps). The worker runs with
// the options `sdk preview` derives from its wrangler.json, without the asset layer, as figure 1's.
// Usage: node scripts/bench/workerd-profile.mjs <wrangler.json> <worker.mjs> <out> [--heap]
//          [--path /] [--requests 8000]
// Read a CPU profile of a built worker (minified) with its map:
//   node scripts/bench/cpu-profile-top.mjs <out> 30 --map dist/server/index.mjs.map
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { load } from "./lib/load.mjs";
import { freePort } from "./lib/servers.mjs";
import { workerMiniflare } from "./lib/worker-miniflare.mjs";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { heap: { type: "boolean", default: false }, path: { type: "string", default: "/" }, requests: { type: "string", default: "8000" } },
});
const [wranglerPath, workerPath, out] = positionals;
if (!out) {
  console.error("usage: node scripts/bench/workerd-profile.mjs <wrangler.json> <worker.mjs> <out> [--heap] [--path /] [--requests 8000]");
  process.exit(1);
}

const [port, inspectorPort] = [await freePort(), await freePort()];
const mf = workerMiniflare(wranglerPath, workerPath, { listen: { port, host: "127.0.0.1" }, assets: false, inspectorPort });

try {
  const url = new URL(values.path, await mf.ready).href;
  const inspector = await connect(inspectorPort);
  const run = (requests) => load(url, { requests, connections: 10 });
  await run(Math.max(1000, Number(values.requests) / 4));
  if (values.heap) {
    await run(Number(values.requests));
    writeFileSync(out, await inspector.heapSnapshot());
  } else {
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: 200 });
    await inspector.send("Profiler.start");
    await run(Number(values.requests));
    writeFileSync(out, JSON.stringify((await inspector.send("Profiler.stop")).profile));
  }
  inspector.close();
  console.log(`wrote ${out}`);
} finally {
  await mf.dispose();
}

/** The worker's isolate through the Chrome DevTools protocol: commands, and a heap snapshot from its chunks. */
async function connect(portNumber) {
  const [target] = await (await fetch(`http://127.0.0.1:${portNumber}/json`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const pending = new Map();
  const chunks = [];
  let lastId = 0;
  socket.on("message", (data) => {
    const message = JSON.parse(data);
    if (message.method === "HeapProfiler.addHeapSnapshotChunk") chunks.push(message.params.chunk);
    const waiting = pending.get(message.id);
    if (waiting === undefined) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
    else waiting.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      pending.set(++lastId, { method, resolve, reject });
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  return {
    send,
    async heapSnapshot() {
      await send("HeapProfiler.enable");
      await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      return chunks.join("");
    },
    close: () => socket.close(),
  };
}
