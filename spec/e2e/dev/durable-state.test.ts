/**
 * Durable state under `sdk dev` on the edge: Cloudflare's Vite plugin runs the classes the worker
 * entry exports, with the dev wrangler.json's bindings, and keeps their storage under .sdk/state,
 * so a count made in one dev session is there in the next. The dev server records no migration:
 * only a build does. The sandbox's class runs too; its container, which needs Docker, is left out.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture } from "../../helpers/sdk-cli.ts";
import { withServer } from "../../helpers/e2e/targets.ts";

test("instances count across requests and dev sessions; dev leaves sdk.lock.json alone", async () => {
  const root = copyFixture("fixtures", "e2e-durable-state");
  await withServer(() => startDev(root), async (server) => {
    assert.equal(await (await fetch(`${server.url}/api/counter/dev`, { method: "POST" })).json(), { name: "dev", count: 1 });
    assert.equal(await (await fetch(`${server.url}/api/counter/dev?by=2`, { method: "POST" })).json(), { name: "dev", count: 3 });
  });
  await withServer(() => startDev(root), async (server) => {
    assert.equal(await (await fetch(`${server.url}/api/counter/dev`)).json(), { name: "dev", count: 3, calls: 2 });
  });
  assert.not.ok(existsSync(path.join(root, "sdk.lock.json")));
});

test("an app with a sandbox starts under sdk dev with its class bound and no container to build", async () => {
  const root = copyFixture("fixtures", "sandbox-packaged");
  await withServer(() => startDev(root), async (server) => {
    assert.equal(await (await fetch(`${server.url}/api/sandbox?id=one`)).json(), { exec: "function", writeFile: "function" });
  });
});

test.run();
