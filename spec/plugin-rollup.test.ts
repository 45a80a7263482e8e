/** sdkPlugin() alone in a plain Rollup build produces the same runnable dist/ as `sdk build`. */
import path from "node:path";
import { rollup } from "rollup";
import { test } from "uvu";
import { sdkPlugin } from "../compiler/plugin.ts";
import { assertEveryCase } from "./e2e/assertions.ts";
import { startBuilt, withServer } from "./e2e/targets.ts";
import { copyFixture } from "./helpers/sdk-cli.ts";

test("rollup({ plugins: [sdkPlugin({ target: 'node' })] }) builds the app, and it answers every assertion", async () => {
  const root = copyFixture("fixtures", "e2e-api");
  const bundle = await rollup({ plugins: [sdkPlugin({ root, target: "node" })] });
  await bundle.write({ dir: path.join(root, "dist", "server"), format: "es", entryFileNames: "index.mjs", inlineDynamicImports: true });
  await bundle.close();
  await withServer(() => startBuilt(root, "node"), (server) => assertEveryCase(server.url));
});

test.run();
