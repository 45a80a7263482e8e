#!/usr/bin/env node
/**
 * The second half of `npm run build`: tsc compiles runtime/**\/*.ts into lib/runtime/, and this
 * copies the runtime's other sources beside them, as they are. Those are components of UI
 * libraries with their own compilers (Svelte's `.svelte` files), which the app's build compiles
 * with the app's version of that compiler, as it does the app's own components.
 */
import { cpSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const COMPILED_BY_TSC = /\.ts$/;

const runtime = path.join(root, "runtime");
for (const file of readdirSync(runtime, { recursive: true, encoding: "utf8" })) {
  if (COMPILED_BY_TSC.test(file) || !statSync(path.join(runtime, file)).isFile()) continue;
  cpSync(path.join(runtime, file), path.join(root, "lib", "runtime", file));
}
