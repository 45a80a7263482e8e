/** `sdk/storage` over a fake R2 bucket: the calls pass through, and `serve()` makes the response. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createStorage, type StorageBody, type StorageBucket, type StorageObject, type StorageObjectBody, type StoragePutOptions } from "../../../runtime/storage/storage.ts";

function storedObject(key: string, text: string, options: StoragePutOptions = {}): StorageObjectBody {
  const httpMetadata = options.httpMetadata instanceof Headers ? { contentType: options.httpMetadata.get("content-type") ?? undefined } : options.httpMetadata;
  const object: StorageObject = {
    key,
    size: new TextEncoder().encode(text).length,
    etag: `etag-${key}`,
    httpEtag: `"etag-${key}"`,
    uploaded: new Date(0),
    httpMetadata,
    customMetadata: options.customMetadata,
    writeHttpMetadata(headers) {
      if (httpMetadata?.contentType) headers.set("content-type", httpMetadata.contentType);
      if (httpMetadata?.cacheControl) headers.set("cache-control", httpMetadata.cacheControl);
    },
  };
  const response = () => new Response(text);
  return { ...object, body: response().body!, bodyUsed: false, arrayBuffer: () => response().arrayBuffer(), text: async () => text, json: async () => JSON.parse(text), blob: () => response().blob() };
}

function fakeBucket() {
  const objects = new Map<string, { text: string; options?: StoragePutOptions }>();
  const bucket: StorageBucket = {
    async get(key) {
      const entry = objects.get(key);
      return entry ? storedObject(key, entry.text, entry.options) : null;
    },
    async head(key) {
      const entry = objects.get(key);
      return entry ? storedObject(key, entry.text, entry.options) : null;
    },
    async put(key: string, value: StorageBody, options?: StoragePutOptions) {
      const text = typeof value === "string" ? value : await new Response(value as BodyInit).text();
      objects.set(key, { text, options });
      return storedObject(key, text, options);
    },
    async delete(keys) {
      for (const key of [keys].flat()) objects.delete(key);
    },
    async list(options) {
      const keys = [...objects.keys()].filter((key) => key.startsWith(options?.prefix ?? "")).sort();
      return { objects: keys.map((key) => storedObject(key, objects.get(key)!.text)), delimitedPrefixes: [], truncated: false };
    },
  };
  return bucket;
}

test("put, get, head, list and delete reach the bucket", async () => {
  const bucket = fakeBucket();
  const bound = createStorage(() => bucket);
  const put = await bound.put("docs/a.txt", "hello", { httpMetadata: { contentType: "text/plain" } });
  assert.equal([put.key, put.size], ["docs/a.txt", 5]);
  await bound.put("docs/b.txt", "bee");
  await bound.put("other.txt", "x");
  assert.is(await (await bound.get("docs/a.txt"))!.text(), "hello");
  assert.is((await bound.head("docs/a.txt"))!.httpMetadata?.contentType, "text/plain");
  assert.equal((await bound.list({ prefix: "docs/" })).objects.map((object) => object.key), ["docs/a.txt", "docs/b.txt"]);
  await bound.delete(["docs/a.txt", "other.txt"]);
  assert.is(await bound.get("docs/a.txt"), null);
  assert.equal((await bound.list()).objects.map((object) => object.key), ["docs/b.txt"]);
});

test("serve answers with the body, its content type, ETag and length; 404 when missing", async () => {
  const bucket = fakeBucket();
  const storage = createStorage(() => bucket);
  await storage.put("logo.svg", "<svg/>", { httpMetadata: { contentType: "image/svg+xml", cacheControl: "max-age=60" } });
  const served = await storage.serve("logo.svg");
  assert.is(served.status, 200);
  assert.equal(
    [served.headers.get("content-type"), served.headers.get("cache-control"), served.headers.get("etag"), served.headers.get("content-length")],
    ["image/svg+xml", "max-age=60", '"etag-logo.svg"', "6"],
  );
  assert.is(await served.text(), "<svg/>");
  const missing = await storage.serve("nope.svg");
  assert.is(missing.status, 404);
  assert.equal(await missing.json(), { error: "Not Found" });
});

test.run();
