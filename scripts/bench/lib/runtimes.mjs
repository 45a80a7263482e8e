// How to run a server module on each runtime: node, bun and deno directly, the edge worker in
// workerd through Miniflare (serve-worker.mjs, the same options `sdk preview` uses).
import path from "node:path";
import { BENCH_ROOT, REPO_ROOT } from "./apps.mjs";

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
