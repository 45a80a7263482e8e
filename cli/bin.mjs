#!/usr/bin/env node
// The `sdk` command. The CLI is compiled to lib/ by `npm install` (the package's prepare script).
import { existsSync } from "node:fs";

const main = new URL("../lib/cli/main.js", import.meta.url);
if (!existsSync(main)) {
  console.error("sdk is not built yet: run `npm install` (or `npm run build`) in the sdk package.");
  process.exit(2);
}
const { run } = await import(main.href);
process.exitCode = await run(process.argv);
