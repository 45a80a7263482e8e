/**
 * Each target as data, as Nitro's presets are: which entry template it uses, how Rollup resolves
 * packages for it and how a user starts the result. Everything else is shared.
 */
import type { Target } from "../compiler/ir.js";

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
   * The server bundle's back end. Rolldown is about ten times faster; the edge stays on Rollup,
   * whose CommonJS plugin turns a package's `require("node:net")` into an import, where Rolldown
   * keeps a `require` call that a worker module cannot make.
   */
  bundler: "rolldown" | "rollup";
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
    bundler: "rollup",
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
    bundler: "rolldown",
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
    bundler: "rolldown",
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
    bundler: "rolldown",
    routing: { module: "server", factory: "serverRouting" },
  },
};
