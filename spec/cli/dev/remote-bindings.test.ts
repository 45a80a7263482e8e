/**
 * Remote mode's bindings in workerd (cli/dev/remote-bindings-plugin.ts and
 * emitters/templates/remote-*.js.tpl), against the platform API stand-in: a worker whose DB, KV
 * and FILES are the wrapped bindings the dev server gives it, exactly as Cloudflare's Vite plugin
 * hands them to Miniflare. What the worker writes is in the stand-in's data, and what the
 * stand-in holds the worker reads.
 */
import { Miniflare } from "miniflare";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { remoteBindingsConfig } from "../../../cli/dev/remote-bindings.ts";
import type { RemoteTarget } from "../../../cli/dev/remote-mode.ts";
import { startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";

const WORKER = `
const scenarios = {
  async d1(env) {
    await env.DB.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    const insert = env.DB.prepare("INSERT INTO notes (body) VALUES (?)");
    const first = await insert.bind("one").run();
    const batch = await env.DB.batch([insert.bind("two"), insert.bind("three")]);
    let atomic;
    try {
      await env.DB.batch([insert.bind("lost"), env.DB.prepare("INSERT INTO nowhere VALUES (1)")]);
    } catch (error) {
      atomic = error.message;
    }
    let refused;
    try {
      await env.DB.prepare("SELECT * FROM nowhere").all();
    } catch (error) {
      refused = error.message;
    }
    return {
      run: [first.success, first.meta.changes, first.meta.last_row_id],
      batch: batch.map((result) => result.success),
      rows: (await env.DB.prepare("SELECT id, body FROM notes ORDER BY id").all()).results,
      first: await env.DB.prepare("SELECT body FROM notes WHERE id = ?").bind(2).first("body"),
      none: await env.DB.prepare("SELECT body FROM notes WHERE id = ?").bind(99).first(),
      booleans: await env.DB.prepare("SELECT ? AS yes, ? AS no").bind(true, false).first(),
      atomic,
      refused,
    };
  },
  async raw(env) {
    try {
      return await env.DB.prepare("SELECT a.id, b.id FROM notes a JOIN notes b ON b.id = a.id + 1 ORDER BY a.id").raw({ columnNames: true });
    } catch (error) {
      return error.message;
    }
  },
  async kv(env) {
    await env.KV.put("greeting", "hello");
    await env.KV.put("config", JSON.stringify({ on: true }), { expirationTtl: 3600 });
    await env.KV.put("bytes", new Uint8Array([1, 2, 3]));
    const page = await env.KV.list({ limit: 2 });
    const rest = await env.KV.list({ cursor: page.cursor });
    await env.KV.delete("bytes");
    return {
      text: await env.KV.get("greeting"),
      json: await env.KV.get("config", "json"),
      typed: await env.KV.get("config", { type: "json" }),
      bytes: [...new Uint8Array(await env.KV.get("bytes", "arrayBuffer") ?? [])],
      stream: await new Response(await env.KV.get("greeting", "stream")).text(),
      fromApi: await env.KV.get("from-api"),
      missing: await env.KV.get("nope"),
      pages: [page.keys.map((key) => key.name), page.list_complete, rest.keys.map((key) => key.name), rest.list_complete],
      afterDelete: (await env.KV.list()).keys.map((key) => key.name),
    };
  },
  async r2(env) {
    const put = await env.FILES.put("docs/a.txt", "alpha", { httpMetadata: { contentType: "text/plain" } });
    await env.FILES.put("docs/b.bin", new Uint8Array([1, 2]));
    const got = await env.FILES.get("docs/a.txt");
    const headers = new Headers();
    got.writeHttpMetadata(headers);
    const head = await env.FILES.head("docs/a.txt");
    const listed = await env.FILES.list({ prefix: "docs/" });
    await env.FILES.delete(["docs/b.bin"]);
    let refused;
    try {
      await env.FILES.put("x", "y", { customMetadata: { owner: "me" } });
    } catch (error) {
      refused = error.message;
    }
    return {
      put: [put.key, put.size, put.httpEtag === '"' + put.etag + '"'],
      text: await got.text(),
      contentType: headers.get("content-type"),
      head: [head.size, head.etag === put.etag, "body" in head],
      listed: listed.objects.map((object) => [object.key, object.size]),
      afterDelete: (await env.FILES.list()).objects.map((object) => object.key),
      fromApi: await (await env.FILES.get("from-api.txt"))?.text(),
      missing: await env.FILES.get("nope"),
      refused,
    };
  },
  async gone(env) {
    try {
      await env.GONE.get("key");
    } catch (error) {
      return error.message;
    }
  },
};

export default {
  async fetch(request, env) {
    return Response.json(await scenarios[new URL(request.url).pathname.slice(1)](env));
  },
};
`;

let api: PlatformApiStandIn;
let mf: Miniflare;
let databaseId: string;
let namespaceId: string;

/** `body`: a string goes as it is (a KV value, an R2 object), an object as JSON. */
async function call(method: string, path: string, body?: string | object, contentType = "text/plain"): Promise<Response> {
  const json = typeof body === "object";
  return fetch(`${api.baseUrl}/accounts/${api.accountId}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.token}`, ...(body !== undefined && { "content-type": json ? "application/json" : contentType }) },
    body: json ? JSON.stringify(body) : body,
  });
}

const result = async <T>(response: Promise<Response>): Promise<T> => ((await (await response).json()) as { result: T }).result;
const scenario = async (name: string) => (await mf.dispatchFetch(`http://localhost/${name}`)).json() as Promise<Record<string, unknown>>;

test.before(async () => {
  api = await startPlatformApi();
  databaseId = (await result<{ uuid: string }>(call("POST", "/d1/database", { name: "shop" }))).uuid;
  namespaceId = (await result<{ id: string }>(call("POST", "/storage/kv/namespaces", { title: "shop-KV" }))).id;
  await call("POST", "/r2/buckets", { name: "shop" });
  const target: RemoteTarget = {
    apiBaseUrl: api.baseUrl,
    accountId: api.accountId,
    token: api.token,
    workerName: "shop",
    bindings: [
      { kind: "d1", binding: "DB", resource: databaseId },
      { kind: "kv", binding: "KV", resource: namespaceId },
      { kind: "r2", binding: "FILES", resource: "shop" },
      { kind: "kv", binding: "GONE", resource: "0000000000000000" },
    ],
  };
  // The config the dev server gives Cloudflare's Vite plugin, in the form wrangler hands Miniflare.
  const local = { d1_databases: [{ binding: "DB" }], kv_namespaces: [{ binding: "KV" }, { binding: "GONE" }], r2_buckets: [{ binding: "FILES" }] };
  const { bindings } = remoteBindingsConfig(target)(local as never).unsafe as { bindings: { name: string; type: string; dev: { plugin: { package: string; name: string }; options: Record<string, string> } }[] };
  mf = new Miniflare({
    modules: true,
    script: WORKER,
    compatibilityDate: "2026-04-01",
    unsafeBindings: bindings.map(({ name, type, dev }) => ({ name, type, plugin: dev.plugin, options: dev.options })),
  });
});

test.after(async () => {
  await mf?.dispose();
  await api?.close();
});

test("D1: exec, run, batch (one transaction), all and first write and read the deployed database; SQL errors read as D1's", async () => {
  const d1 = await scenario("d1");
  assert.equal(d1.run, [true, 1, 1]);
  assert.equal(d1.batch, [true, true]);
  assert.equal(d1.rows, [{ id: 1, body: "one" }, { id: 2, body: "two" }, { id: 3, body: "three" }]);
  assert.is(d1.first, "two");
  assert.is(d1.none, null);
  assert.equal(d1.booleans, { yes: 1, no: 0 });
  assert.match(String(d1.atomic), /^D1_ERROR: .*no such table: nowhere/);
  assert.match(String(d1.refused), /^D1_ERROR: .*no such table: nowhere/);
  const stored = await result<{ results: unknown[] }[]>(call("POST", `/d1/database/${databaseId}/query`, { sql: "SELECT body FROM notes ORDER BY id" }));
  assert.equal(stored[0].results, [{ body: "one" }, { body: "two" }, { body: "three" }]);
});

test("D1: raw() keeps columns that share a name, through the API's raw form", async () => {
  assert.equal(await scenario("raw"), [["id", "id"], [1, 2], [2, 3]]);
});

test("KV: get as text, json, arrayBuffer or stream, put with a TTL, list by pages, delete; the stand-in holds what was written", async () => {
  await call("PUT", `/storage/kv/namespaces/${namespaceId}/values/from-api`, "set through the API");
  const kv = await scenario("kv");
  assert.equal(
    [kv.text, kv.json, kv.typed, kv.bytes, kv.stream, kv.fromApi, kv.missing],
    ["hello", { on: true }, { on: true }, [], "hello", "set through the API", null],
  );
  assert.equal(kv.pages, [["bytes", "config"], false, ["from-api", "greeting"], true]);
  assert.equal(kv.afterDelete, ["config", "from-api", "greeting"]);
  const stored = await call("GET", `/storage/kv/namespaces/${namespaceId}/values/greeting`);
  assert.is(await stored.text(), "hello");
});

test("R2: put with a content type, get, head, list, delete; custom metadata the API cannot keep is refused", async () => {
  await call("PUT", "/r2/buckets/shop/objects/from-api.txt", "uploaded");
  const r2 = await scenario("r2");
  assert.equal(r2.put, ["docs/a.txt", 5, true]);
  assert.equal([r2.text, r2.contentType, r2.head], ["alpha", "text/plain", [5, true, false]]);
  assert.equal(r2.listed, [["docs/a.txt", 5], ["docs/b.bin", 2]]);
  assert.equal(r2.afterDelete, ["docs/a.txt", "from-api.txt"]);
  assert.equal([r2.fromApi, r2.missing], ["uploaded", null]);
  assert.match(String(r2.refused), "sdk dev's remote R2 bucket shop (binding FILES): custom metadata cannot go through the platform's API");
  const stored = await call("GET", "/r2/buckets/shop/objects/docs%2Fa.txt");
  assert.equal([stored.headers.get("content-type"), await stored.text()], ["text/plain", "alpha"]);
});

test("a resource the account lacks: the error names the binding and the request, never the token", async () => {
  const message = String(await scenario("gone"));
  assert.match(message, "sdk dev's remote KV namespace 0000000000000000 (binding GONE): the platform's API refused GET /storage/kv/namespaces/0000000000000000/values/key (404)");
  assert.not.match(message, api.token);
});

test.run();
