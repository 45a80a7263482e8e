// How to run a server module on each runtime: node, bun and deno directly; the edge worker in
// workerd alone when it needs no bindings (workerd-config.mjs), or through Miniflare
// (serve-worker.mjs, the same options `sdk preview` uses) when it needs the platform's stand-ins.
import path from "node:path";
import { BENCH_ROOT, REPO_ROOT } from "./apps.mjs";
import { HOST } from "./servers.mjs";
import { WORKERD_SOCKET, writeWorkerdConfig } from "./workerd-config.mjs";

const bin = (name) => path.join(REPO_ROOT, "node_modules", ".bin", name);
const SERVE_WORKER = path.join(BENCH_ROOT, "lib", "serve-worker.mjs");

/** `file` is a server module for node/bun/deno; for edge, a worker module beside a wrangler.json. */
export function runCommand(runtime, file, wranglerJson, workerFlags = []) {
  switch (runtime) {
    case "node": return { command: process.execPath, args: [file] };
    case "bun": return { command: bin("bun"), args: [file] };
    case "deno": return { command: bin("deno"), args: ["run", "-A", file] };
    case "edge": return { command: process.execPath, args: [SERVE_WORKER, wranglerJson, file, ...workerFlags] };
    default: throw new Error(`unknown runtime ${runtime}`);
  }
}

/**
 * A server that needs no platform bindings (throughput, route scale, SSR, cold start): the edge
 * worker runs in workerd alone, as the platform runs it, not behind Miniflare's entry worker and
 * its Node.js proxy, which cost ten times what the worker does and hid its differences.
 */
export function runUnboundCommand(runtime, file, wranglerJson) {
  if (runtime !== "edge") return runCommand(runtime, file, wranglerJson);
  const config = writeWorkerdConfig(wranglerJson, file);
  return { command: bin("workerd"), args: (port) => ["serve", config, "--socket-addr", `${WORKERD_SOCKET}=${HOST}:${port}`] };
}
