/** `sdk/kv` over a fake KV binding: each call reaches the binding with the platform's arguments. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createKv, type KvListOptions, type KvNamespace, type KvPutOptions, type KvType } from "../../../runtime/kv/kv.ts";

function fakeNamespace() {
  const store = new Map<string, { value: string; metadata?: unknown }>();
  const calls: unknown[][] = [];
  const namespace: KvNamespace = {
    async get(key: string, options: { type: KvType }) {
      calls.push(["get", key, options]);
      const entry = store.get(key);
      if (!entry) return null;
      return options.type === "json" ? JSON.parse(entry.value) : entry.value;
    },
    async getWithMetadata(key: string, options: { type: KvType }) {
      calls.push(["getWithMetadata", key, options]);
      const entry = store.get(key);
      return { value: entry?.value ?? null, metadata: entry?.metadata ?? null };
    },
    async put(key: string, value: unknown, options?: KvPutOptions) {
      calls.push(["put", key, value, options]);
      store.set(key, { value: String(value), metadata: options?.metadata });
    },
    async delete(key: string) {
      calls.push(["delete", key]);
      store.delete(key);
    },
    async list(options?: KvListOptions) {
      calls.push(["list", options]);
      const names = [...store.keys()].filter((name) => name.startsWith(options?.prefix ?? "")).sort();
      return { keys: names.map((name) => ({ name, metadata: store.get(name)!.metadata })), list_complete: true as const };
    },
  };
  return { namespace, calls };
}

test("get reads text by default and the type asked for; a missing key is null", async () => {
  const { namespace, calls } = fakeNamespace();
  const kv = createKv(() => namespace);
  await kv.put("a", "1");
  assert.is(await kv.get("a"), "1");
  assert.is(await kv.get("a", "json"), 1);
  assert.is(await kv.get("missing"), null);
  assert.equal(calls.slice(1), [["get", "a", { type: "text" }], ["get", "a", { type: "json" }], ["get", "missing", { type: "text" }]]);
});

test("putJSON stores JSON text with the options; getJSON reads it back typed", async () => {
  const { namespace, calls } = fakeNamespace();
  const kv = createKv(() => namespace);
  await kv.putJSON("user", { name: "Ada" }, { expirationTtl: 60 });
  assert.equal(calls[0], ["put", "user", '{"name":"Ada"}', { expirationTtl: 60 }]);
  const user = await kv.getJSON<{ name: string }>("user");
  assert.is(user?.name, "Ada");
});

test("metadata given to put comes back from getWithMetadata and list; delete removes the key", async () => {
  const { namespace } = fakeNamespace();
  const kv = createKv(() => namespace);
  await kv.put("p:1", "x", { metadata: { by: "me" } });
  await kv.put("q:1", "y");
  assert.equal(await kv.getWithMetadata("p:1"), { value: "x", metadata: { by: "me" } });
  assert.equal((await kv.list({ prefix: "p:" })).keys, [{ name: "p:1", metadata: { by: "me" } }]);
  await kv.delete("p:1");
  assert.equal((await kv.list()).keys.map((key) => key.name), ["q:1"]);
});

test("the binding is looked up at each call, so a missing one fails the call that needs it, not the import", async () => {
  let looked = 0;
  const kv = createKv(() => {
    looked += 1;
    throw new Error("sdk/kv: the worker has no KV namespace binding named KV");
  });
  assert.is(looked, 0);
  try {
    await kv.get("a");
    assert.unreachable("get should have failed");
  } catch (error) {
    assert.match((error as Error).message, "no KV namespace binding named KV");
  }
  assert.is(looked, 1);
});

test.run();
