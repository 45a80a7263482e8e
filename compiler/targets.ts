/**
 * Each target as data, as Nitro's presets are: which entry template it uses, how the bundler
 * resolves packages for it and how a user starts the result. Everything else is shared.
 */
import type { Target } from "./ir.js";

export interface TargetPreset {
  target: Target;
  runtimeName: string;
  /** Template in emitters/templates/ for the entry module. */
  entryTemplate: "server.ts.tpl" | "worker.ts.tpl";
  entryFile: "server.ts" | "worker.ts";
  /** package.json `exports` conditions, most preferred first. */
  exportConditions: string[];
  /** Shown in the entry's header comment and the CLI's summary. */
  startCommand: string;
  minify: boolean;
  /** Modules the runtime itself provides, left as imports (besides Node's built-ins). */
  runtimeModulePrefixes: string[];
  /**
   * Where code reached only through `import()` goes, beside the entry, so it loads when first
   * imported (the Redis client, only with SDK_REDIS_URL set); `null` inlines it into the one file,
   * as a worker module must be.
   */
  chunkFileNames: string | null;
  /**
   * The server module can call `require` (Node.js, Bun and Deno give an ES module one through
   * `createRequire`). A worker module cannot: there a CommonJS package's `require("node:net")`
   * (mysql2's) is bundled as an import.
   */
  requireAvailable: boolean;
  /** What builds the request handler of an app with routing rules: runtime/routing/<module>.ts. */
  routing: { module: "server" | "worker"; factory: "serverRouting" | "workerRouting" };
}

export const PRESETS: Record<Target, TargetPreset> = {
  edge: {
    target: "edge",
    runtimeName: "edge worker",
    entryTemplate: "worker.ts.tpl",
    entryFile: "worker.ts",
    exportConditions: ["workerd", "worker", "browser", "import", "default"],
    startCommand: "sdk preview",
    minify: true,
    runtimeModulePrefixes: ["cloudflare:"],
    chunkFileNames: null,
    requireAvailable: false,
    routing: { module: "worker", factory: "workerRouting" },
  },
  node: {
    target: "node",
    runtimeName: "Node.js",
    entryTemplate: "server.ts.tpl",
    entryFile: "server.ts",
    exportConditions: ["node", "import", "default"],
    startCommand: "node dist/server/index.mjs",
    minify: false,
    runtimeModulePrefixes: [],
    chunkFileNames: "chunks/[name]-[hash].mjs",
    requireAvailable: true,
    routing: { module: "server", factory: "serverRouting" },
  },
  bun: {
    target: "bun",
    runtimeName: "Bun",
    entryTemplate: "server.ts.tpl",
    entryFile: "server.ts",
    exportConditions: ["bun", "node", "import", "default"],
    startCommand: "bun dist/server/index.mjs",
    minify: false,
    runtimeModulePrefixes: [],
    chunkFileNames: "chunks/[name]-[hash].mjs",
    requireAvailable: true,
    routing: { module: "server", factory: "serverRouting" },
  },
  deno: {
    target: "deno",
    runtimeName: "Deno",
    entryTemplate: "server.ts.tpl",
    entryFile: "server.ts",
    exportConditions: ["deno", "node", "import", "default"],
    startCommand: "deno run -A dist/server/index.mjs",
    minify: false,
    runtimeModulePrefixes: [],
    chunkFileNames: "chunks/[name]-[hash].mjs",
    requireAvailable: true,
    routing: { module: "server", factory: "serverRouting" },
  },
};
