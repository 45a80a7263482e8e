import { test } from "uvu";
import * as assert from "uvu/assert";
import { assetsConfig, metadataBindings } from "../../../cli/deploy/bindings.ts";

const wrangler = {
  name: "shop",
  vars: { GREETING: "hi", LIMITS: { max: 3 }, API_KEY: "from-vars" },
  d1_databases: [{ binding: "DB", database_name: "shop", database_id: "uuid-1", preview_database_id: "local-DB" }],
  kv_namespaces: [{ binding: "KV", id: "kv-1", preview_id: "local-KV" }],
  r2_buckets: [{ binding: "FILES", bucket_name: "shop" }],
  queues: { producers: [{ binding: "EMAILS", queue: "shop-emails" }], consumers: [{ queue: "shop-emails" }] },
  durable_objects: { bindings: [{ name: "COUNTER", class_name: "Counter" }] },
  send_email: [{ name: "SEND_EMAIL" }],
  ai: { binding: "AI" },
  assets: { directory: "../client", binding: "ASSETS", not_found_handling: "none", run_worker_first: true },
};

test("every binding kind becomes the upload metadata's binding, with the deployed ids and not the local ones", () => {
  assert.equal(metadataBindings(wrangler), [
    { type: "plain_text", name: "GREETING", text: "hi" },
    { type: "json", name: "LIMITS", json: { max: 3 } },
    { type: "plain_text", name: "API_KEY", text: "from-vars" },
    { type: "d1", name: "DB", id: "uuid-1" },
    { type: "kv_namespace", name: "KV", namespace_id: "kv-1" },
    { type: "r2_bucket", name: "FILES", bucket_name: "shop" },
    { type: "queue", name: "EMAILS", queue_name: "shop-emails" },
    { type: "durable_object_namespace", name: "COUNTER", class_name: "Counter" },
    { type: "send_email", name: "SEND_EMAIL" },
    { type: "ai", name: "AI" },
    { type: "assets", name: "ASSETS" },
  ]);
});

test("a var named like one of the worker's secrets is left out: the secret wins", () => {
  const names = metadataBindings(wrangler, new Set(["API_KEY"])).map((binding) => binding.name);
  assert.not.ok(names.includes("API_KEY"));
  assert.ok(names.includes("GREETING"));
});

test("the assets config carries how the platform serves dist/client, not the local directory", () => {
  assert.equal(assetsConfig(wrangler), { not_found_handling: "none", run_worker_first: true });
});

test.run();
