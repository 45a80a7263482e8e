/**
 * The files of dist/server the platform runs: every module the bundle wrote (the entry and its
 * chunks, WebAssembly, text and data imports), each named by its path relative to dist/server,
 * which is how the entry imports them. Source maps and the build's own config stay local.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface WorkerModule {
  name: string;
  contentType: string;
  bytes: Buffer;
}

const LOCAL_ONLY = new Set(["wrangler.json", "Dockerfile"]);

const CONTENT_TYPES: Record<string, string> = {
  ".mjs": "application/javascript+module",
  ".js": "application/javascript+module",
  ".wasm": "application/wasm",
  ".txt": "text/plain",
  ".html": "text/plain",
  ".sql": "text/plain",
};

export function workerModules(serverDir: string): WorkerModule[] {
  return listFiles(serverDir)
    .filter((name) => !name.endsWith(".map") && !LOCAL_ONLY.has(name))
    .map((name) => ({ name, contentType: CONTENT_TYPES[path.extname(name)] ?? "application/octet-stream", bytes: readFileSync(path.join(serverDir, name)) }));
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]));
}
