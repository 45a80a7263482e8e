#!/usr/bin/env node
// The `sdk` command. The CLI is compiled to lib/ by `npm install` (the package's prepare script).
import { existsSync } from "node:fs";
import module from "node:module";

// Node 22.1+ keeps the compiled code of the CLI and its dependencies (TypeScript, Rollup) on disk
// between runs, as npm does: a build starts about 0.2 s sooner. Node 20 has no such cache.
module.enableCompileCache?.();

const main = new URL("../lib/cli/main.js", import.meta.url);
if (!existsSync(main)) {
  console.error("sdk is not built yet: run `npm install` (or `npm run build`) in the sdk package.");
  process.exit(2);
}
const { run } = await import(main.href);
process.exitCode = await run(process.argv);
