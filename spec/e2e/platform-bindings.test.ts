/**
 * `sdk/kv`, `sdk/storage` and `sdk/ai` as users run them: the fixture built for the edge and served
 * by `sdk preview` in workerd. KV and R2 are Miniflare's, persisted under .sdk/state, so what one
 * preview wrote the next one reads. The AI binding is the local stand-in worker, which sends
 * `run()` to the loopback Workers AI stand-in at SDK_AI_URL; `ai.provider()` reaches the loopback
 * gateway at SDK_AI_GATEWAY_URL.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.ts";
import { IMAGE_BYTES, withAiService } from "../helpers/ai-service.ts";

const root = buildFixture("e2e-platform", "edge");

async function kvRoundTrip(url: string): Promise<void> {
  const put = (key: string, value: string) => fetch(`${url}/api/kv/${key}`, { method: "PUT", body: value });
  assert.is((await put("greeting", "hello")).status, 204);
  await put("guide-1", "one");
  await put("guide-2", "two!");
  assert.is(await (await fetch(`${url}/api/kv/greeting`)).text(), "hello");
  const listed = await (await fetch(`${url}/api/kv?prefix=guide-`)).json();
  assert.equal(listed, { keys: [{ name: "guide-1", metadata: { length: 3 } }, { name: "guide-2", metadata: { length: 4 } }], complete: true });
  const page = (await (await fetch(`${url}/api/kv?prefix=guide-&limit=1`)).json()) as { keys: unknown[]; complete: boolean };
  assert.equal([page.keys.length, page.complete], [1, false]);
  assert.is((await fetch(`${url}/api/kv/guide-2`, { method: "DELETE" })).status, 204);
  assert.is((await fetch(`${url}/api/kv/guide-2`)).status, 404);
  assert.equal(await (await fetch(`${url}/api/counter`, { method: "POST" })).json(), { count: 1 });
  assert.equal(await (await fetch(`${url}/api/counter`, { method: "POST" })).json(), { count: 2 });
}

async function storageRoundTrip(url: string): Promise<void> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  const put = await fetch(`${url}/api/files/img/logo.svg`, { method: "PUT", headers: { "content-type": "image/svg+xml" }, body: svg });
  assert.is(put.status, 201);
  assert.equal(await put.json(), { key: "img/logo.svg", size: svg.length });
  await fetch(`${url}/api/files/img/old.txt`, { method: "PUT", body: "old" });
  await fetch(`${url}/api/files/notes.txt`, { method: "PUT", headers: { "content-type": "text/plain" }, body: "notes" });
  const served = await fetch(`${url}/api/files/img/logo.svg`);
  assert.is(served.status, 200);
  assert.is(served.headers.get("content-type"), "image/svg+xml");
  assert.ok(served.headers.get("etag"), "the object's ETag is sent");
  assert.is(await served.text(), svg);
  const info = (await (await fetch(`${url}/api/file-info/img/logo.svg`)).json()) as Record<string, unknown>;
  assert.equal([info.key, info.size, info.contentType], ["img/logo.svg", svg.length, "image/svg+xml"]);
  assert.equal(await (await fetch(`${url}/api/files?prefix=img/`)).json(), [{ key: "img/logo.svg", size: svg.length }, { key: "img/old.txt", size: 3 }]);
  assert.is((await fetch(`${url}/api/files/img/old.txt`, { method: "DELETE" })).status, 204);
  assert.is((await fetch(`${url}/api/files/img/old.txt`)).status, 404);
  assert.is((await fetch(`${url}/api/file-info/img/old.txt`)).status, 404);
}

test("the generated wrangler.json declares KV, the renamed R2 bucket and AI beside the database", () => {
  const wrangler = JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
  assert.equal(wrangler.kv_namespaces, [{ binding: "KV", id: "local-KV" }]);
  assert.equal(wrangler.r2_buckets, [{ binding: "FILES", bucket_name: "e2e-platform" }]);
  assert.equal(wrangler.ai, { binding: "AI" });
  assert.equal(wrangler.d1_databases, [{ binding: "DB", database_name: "e2e-platform", database_id: "local-DB" }]);
});

test("KV and R2 round-trip over HTTP in workerd, and the data outlives the preview", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    await kvRoundTrip(server.url);
    await storageRoundTrip(server.url);
  });
  assert.ok(existsSync(path.join(root, ".sdk", "state", "v3", "kv")), "KV is persisted under .sdk/state/v3");
  assert.ok(existsSync(path.join(root, ".sdk", "state", "v3", "r2")), "R2 is persisted under .sdk/state/v3");
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.is(await (await fetch(`${server.url}/api/kv/greeting`)).text(), "hello");
    assert.equal(await (await fetch(`${server.url}/api/counter`, { method: "POST" })).json(), { count: 3 });
    assert.is(await (await fetch(`${server.url}/api/files/notes.txt`)).text(), "notes");
  });
});

test("sdk/ai: run, stream and image through the local AI binding; provider() through the gateway", async () => {
  await withAiService(async (service) => {
    const env = { SDK_AI_URL: service.aiUrl, SDK_AI_GATEWAY_URL: service.gatewayUrl, CLOUDFLARE_API_TOKEN: "not-for-loopback" };
    await withServer(() => startBuilt(root, "edge", env), async (server) => {
      const chat = await fetch(`${server.url}/api/ai/chat`, { method: "POST", body: JSON.stringify({ prompt: "hi there" }) });
      assert.equal(await chat.json(), { response: "@cf/meta/llama-3.1-8b-instruct says: hi there" });
      const run = service.requests.find((r) => r.path === "/run/@cf/meta/llama-3.1-8b-instruct")!;
      assert.equal(JSON.parse(run.body), { prompt: "hi there" });
      assert.is(run.headers.authorization, undefined, "the account's token never goes to SDK_AI_URL");

      const streamed = await fetch(`${server.url}/api/ai/chat?prompt=one%20two`);
      assert.is(streamed.headers.get("content-type"), "text/event-stream");
      assert.is(await streamed.text(), 'data: {"response":"one"}\n\ndata: {"response":"two"}\n\ndata: [DONE]\n\n');

      const image = await fetch(`${server.url}/api/ai/image?prompt=cat`);
      assert.equal(new Uint8Array(await image.arrayBuffer()), IMAGE_BYTES);

      const gateway = await fetch(`${server.url}/api/ai/gateway`, { method: "POST", body: JSON.stringify({ model: "gpt-4o-mini" }) });
      assert.equal(await gateway.json(), { via: "gateway", path: "/gateway/openai/chat/completions", model: "gpt-4o-mini" });
    });
  });
});

test.run();
