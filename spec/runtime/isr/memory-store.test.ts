import { test } from "uvu";
import * as assert from "uvu/assert";
import { createMemoryStore } from "../../../runtime/isr/memory-store.ts";
import type { CachedResponse } from "../../../runtime/isr/store.ts";

function entry(text: string, size = text.length): CachedResponse {
  const body = new Uint8Array(size);
  body.set(new TextEncoder().encode(text).subarray(0, size));
  return { status: 200, headers: [["content-type", "text/plain"]], body, storedAt: 1000 };
}

async function bodyOf(store: ReturnType<typeof createMemoryStore>, key: string): Promise<string | undefined> {
  const found = await store.get(key);
  return found === undefined ? undefined : new TextDecoder().decode(found.body).replace(/\0+$/, "");
}

test("stores and returns an entry as given, past its TTL", async () => {
  const store = createMemoryStore();
  const value = entry("hello");
  await store.put("/a", value, 0);
  assert.is(await store.get("/a"), value);
  assert.is(await store.get("/missing"), undefined);
});

test("evicts the least recently used entry when the entry bound is reached", async () => {
  const store = createMemoryStore({ maxEntries: 3 });
  await store.put("/a", entry("a"), 60);
  await store.put("/b", entry("b"), 60);
  await store.put("/c", entry("c"), 60);
  await store.get("/a"); // /b is now the least recently used
  await store.put("/d", entry("d"), 60);
  assert.is(await bodyOf(store, "/b"), undefined);
  assert.is(await bodyOf(store, "/a"), "a");
  assert.is(await bodyOf(store, "/c"), "c");
  assert.is(await bodyOf(store, "/d"), "d");
});

test("replacing a key does not count it twice and refreshes its recency", async () => {
  const store = createMemoryStore({ maxEntries: 2 });
  await store.put("/a", entry("a1"), 60);
  await store.put("/b", entry("b"), 60);
  await store.put("/a", entry("a2"), 60);
  await store.put("/c", entry("c"), 60);
  assert.is(await bodyOf(store, "/a"), "a2");
  assert.is(await bodyOf(store, "/b"), undefined);
  assert.is(await bodyOf(store, "/c"), "c");
});

test("evicts least recently used entries until the bodies fit the byte bound", async () => {
  const store = createMemoryStore({ maxBytes: 100 });
  await store.put("/a", entry("a", 40), 60);
  await store.put("/b", entry("b", 40), 60);
  await store.get("/a");
  await store.put("/c", entry("c", 30), 60); // 110 > 100: /b goes
  assert.is(await bodyOf(store, "/b"), undefined);
  assert.is(await bodyOf(store, "/a"), "a");
  assert.is(await bodyOf(store, "/c"), "c");
  await store.put("/d", entry("d", 100), 60); // fills the bound alone
  assert.is(await bodyOf(store, "/a"), undefined);
  assert.is(await bodyOf(store, "/c"), undefined);
  assert.is(await bodyOf(store, "/d"), "d");
});

test("does not store an entry bigger than the byte bound, and drops the key's old entry", async () => {
  const store = createMemoryStore({ maxBytes: 10 });
  await store.put("/keep", entry("k", 5), 60);
  await store.put("/big", entry("old", 5), 60);
  await store.put("/big", entry("x", 11), 60);
  assert.is(await store.get("/big"), undefined);
  assert.is(await bodyOf(store, "/keep"), "k");
});

test.run();
