/**
 * `sdk dev` loads the edge's tools only for the edge: a node dev server answers without
 * Miniflare or Cloudflare's Vite plugin (Miniflare alone took about 0.4 s of its start). The
 * database servers' clients load only for an app on that server (mysql2 took about 0.4 s), and
 * TypeScript not at all (0.3 s).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withServer } from "../../helpers/e2e/targets.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture, REPO_ROOT } from "../../helpers/sdk-cli.ts";

const TRAP = pathToFileURL(path.join(REPO_ROOT, "spec", "helpers", "package-load-trap.mjs")).href;
const EDGE_TOOLS = ["miniflare", "@cloudflare/vite-plugin", "workerd"];
const DATABASE_CLIENTS = ["mysql2", "postgres"];

test("sdk dev --target node answers without loading Miniflare, the Cloudflare Vite plugin, a database client or TypeScript", async () => {
  const root = copyFixture("fixtures", "e2e-api");
  let output = "";
  await withServer(() => startDev(root, ["--target", "node"], { NODE_OPTIONS: `--import ${TRAP}` }), async (server) => {
    assert.is((await fetch(`${server.url}/api/hello`)).status, 200);
    output = server.output();
  });
  const loaded = [...output.matchAll(/^package loaded: (.+)$/gm)].map((match) => match[1]!);
  assert.ok(loaded.includes("vite"), `the trap sees packages load: ${loaded.join(", ")}`);
  assert.equal(loaded.filter((name) => EDGE_TOOLS.includes(name)), [], loaded.join(", "));
  // Rolldown's native module, which its loader loads with `require`.
  assert.ok(loaded.some((name) => name.startsWith("@rolldown/binding-")), `the trap sees required packages too: ${loaded.join(", ")}`);
  assert.not.ok(loaded.includes("@ts-morph/common"), "the scan reads syntax with Rolldown's parser, not TypeScript");
  assert.equal(loaded.filter((name) => DATABASE_CLIENTS.includes(name)), [], loaded.join(", "));
});

test.run();
