// ISR memory bound: the node build of apps/isr caches every GET /api/items/:id for an hour, so
// each distinct id is a new entry in the in-memory LRU (runtime/isr/memory-store.ts). Fifty
// thousand ids (quick: ten thousand) of 64 KiB each would hold gigabytes without the LRU's bound.
// The server first answers half as many uncached requests with the same bodies (/api/fresh/:id),
// so its heap and allocator reach what serving them costs anyway; the figure is what the cached
// keys add on top of that, both read once the server has settled (lib/settled-memory.mjs), against
// bounds derived from the store's defaults: the RSS a deployment sees, and the live memory (V8's
// heap in use and its external memory), which is what the store holds whatever the runtime's
// heap and allocator keep.
import path from "node:path";
import { builtApp } from "../lib/apps.mjs";
import { load } from "../lib/load.mjs";
import { GC_ON_SIGNAL_ARGS, settledMemory } from "../lib/settled-memory.mjs";
import { startServer } from "../lib/servers.mjs";
import { limitRow } from "../lib/table.mjs";

/** The memory store's default byte bound (DEFAULT_MAX_BYTES in runtime/isr/memory-store.ts; 1000 entries of 64 KiB exceed it). */
const STORE_MAX_MB = 32;
const BODY_MB = 64 / 1024;
/**
 * What the store's entries hold beside their bodies (keys, status, header lists, the Map's
 * slots): about 1 KB each, at most 1000 entries (DEFAULT_MAX_ENTRIES).
 */
const ENTRIES_MB = 2;
/**
 * Memory the allocator keeps after the store has let bodies go: glibc's malloc keeps freed
 * blocks of this size (below its mmap threshold) for reuse rather than returning them to the
 * system, 45-50 MB measured here after 10,000 and 50,000 keys.
 */
const ALLOCATOR_KEPT_MB = 64;

async function expectCacheStatus(origin, urlPath, expected) {
  const response = await fetch(origin + urlPath);
  await response.arrayBuffer();
  const status = response.headers.get("x-sdk-cache");
  if (status !== expected) throw new Error(`GET ${urlPath} answered x-sdk-cache: ${status}, not ${expected}: is ISR on?`);
}

export async function isrMemory(options, log) {
  const keys = options.isrKeys;
  log(`isr memory: ${keys} distinct keys on node`);
  const serverDir = builtApp("isr", "node");
  const server = await startServer({ command: process.execPath, args: [...GC_ON_SIGNAL_ARGS, path.join(serverDir, "index.mjs")], readyPath: "/api/items/warm" });
  try {
    await expectCacheStatus(server.origin, "/api/items/warm", "HIT");
    let id = 0;
    const send = (route, requests) => load(server.origin, { requests, connections: options.connections, generator: "autocannon", paths: () => `/api/${route}/${id++}` });
    await send("fresh", keys / 2);
    const uncached = await settledMemory(server);
    await send("items", keys);
    const cached = await settledMemory(server);
    const added = `${keys.toLocaleString("en-US")} distinct 64 KiB keys add over uncached answers, vs the keys unbounded`;
    const unbounded = keys * BODY_MB;
    return [
      limitRow({ figure: `isr node LRU: RSS ${added}`, ours: cached.rssMB - uncached.rssMB, baseline: unbounded, unit: "MB", limit: STORE_MAX_MB + ALLOCATOR_KEPT_MB, atMost: true }),
      limitRow({ figure: `isr node LRU: live memory ${added}`, ours: cached.liveMB - uncached.liveMB, baseline: unbounded, unit: "MB", limit: STORE_MAX_MB + ENTRIES_MB, atMost: true }),
    ];
  } finally {
    await server.stop();
  }
}
