#!/usr/bin/env node
/**
 * Part of `npm run build`: bundles the dev dashboard's client (cli/dev/dashboard/client, React)
 * into one minified script beside the dashboard's compiled module, which `sdk dev` serves at
 * `/__sdk/dashboard.js`. React is bundled in: the app needs no dependency for the dashboard, and
 * nothing of it reaches an app's build, which never imports cli/.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await build({
  input: path.join(root, "cli/dev/dashboard/client/main.tsx"),
  platform: "browser",
  transform: { jsx: "react-jsx", define: { "process.env.NODE_ENV": JSON.stringify("production") } },
  output: { file: path.join(root, "lib/cli/dev/dashboard/client.js"), format: "esm", minify: true, codeSplitting: false },
  logLevel: "warn",
});
