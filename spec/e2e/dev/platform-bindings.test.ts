/**
 * `sdk/kv`, `sdk/storage` and `sdk/ai` under `sdk dev` on the edge: Cloudflare's Vite plugin runs
 * the worker with the dev wrangler.json's KV and R2 bindings, persisted under .sdk/state like
 * `sdk preview`'s, and the AI binding is the stand-in auxiliary worker, which sends `run()` to the
 * loopback Workers AI stand-in at SDK_AI_URL.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withAiService } from "../../helpers/ai-service.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture } from "../../helpers/sdk-cli.ts";
import { withServer } from "../../helpers/e2e/targets.ts";

test("KV, R2 and AI answer in sdk dev; what dev wrote, the next dev session reads", async () => {
  const root = copyFixture("fixtures", "e2e-platform");
  await withAiService(async (service) => {
    await withServer(() => startDev(root, [], { SDK_AI_URL: service.aiUrl }), async (server) => {
      assert.is((await fetch(`${server.url}/api/kv/from-dev`, { method: "PUT", body: "dev value" })).status, 204);
      assert.is(await (await fetch(`${server.url}/api/kv/from-dev`)).text(), "dev value");
      assert.is((await fetch(`${server.url}/api/files/dev.txt`, { method: "PUT", headers: { "content-type": "text/plain" }, body: "in r2" })).status, 201);
      const chat = await fetch(`${server.url}/api/ai/chat`, { method: "POST", body: JSON.stringify({ prompt: "dev" }) });
      assert.equal(await chat.json(), { response: "@cf/meta/llama-3.1-8b-instruct says: dev" });
    });
  });
  await withServer(() => startDev(root), async (server) => {
    assert.is(await (await fetch(`${server.url}/api/kv/from-dev`)).text(), "dev value");
    const file = await fetch(`${server.url}/api/files/dev.txt`);
    assert.equal([file.headers.get("content-type"), await file.text()], ["text/plain", "in r2"]);
  });
});

test.run();
