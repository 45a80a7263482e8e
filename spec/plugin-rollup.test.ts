/** sdkPlugin() alone in a plain Rollup build produces the same runnable dist/ as `sdk build`. */
import path from "node:path";
import { rollup } from "rollup";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { sdkPlugin } from "../compiler/plugin.ts";
import { checkConditionalGet, runCases } from "./e2e/assertions.ts";
import { copyFixture } from "./helpers/sdk-cli.ts";
import { freePort, startServer } from "./helpers/spawn-server.ts";

test("rollup({ plugins: [sdkPlugin({ target: 'node' })] }) builds the app, and it answers every assertion", async () => {
  const root = copyFixture("fixtures", "e2e-api");
  const bundle = await rollup({ plugins: [sdkPlugin({ root, target: "node" })] });
  await bundle.write({ dir: path.join(root, "dist", "server"), format: "es", entryFileNames: "index.mjs", inlineDynamicImports: true });
  await bundle.close();
  const port = String(await freePort());
  const server = await startServer(process.execPath, [path.join(root, "dist", "server", "index.mjs")], { PORT: port, HOST: "127.0.0.1" });
  try {
    const failures = await runCases(server.url);
    assert.equal(failures, [], failures.join("\n"));
    await checkConditionalGet(server.url);
  } finally {
    await server.stop();
  }
});

test.run();
