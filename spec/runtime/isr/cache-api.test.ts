/**
 * The Cache API store for real: a small worker built from runtime/isr runs in workerd through
 * Miniflare, with `caches.default` and `ctx.waitUntil`.
 */
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { test } from "uvu";
import * as assert from "uvu/assert";

const ISR_DIR = fileURLToPath(new URL("../../../runtime/isr/", import.meta.url));

/** `/__pending` tells how much background work is still running, so the test waits for the store. */
const WORKER = `
import { createIsr } from "./isr.js";
import { createCacheApiStore } from "./cache-api-store.js";

let renders = 0;
let pending = 0;
/** One ISR per build, as two deploys of the app would have, over the one cache they share. */
const builds = new Map();
function isrOf(build) {
  if (!builds.has(build)) builds.set(build, createIsr({ ttlFor: () => 1, allowlistFor: () => ["a"], store: createCacheApiStore(caches.default, build) }));
  return builds.get(build);
}

async function render(request) {
  renders += 1;
  const url = new URL(request.url);
  const headers = { "content-type": "text/plain", "x-custom": "kept" };
  if (url.pathname === "/cookie") headers["set-cookie"] = "session=1";
  const caller = url.pathname === "/whoami" ? " " + (request.headers.get("authorization") ?? "anonymous") : "";
  return new Response("render " + renders + " " + url.pathname + url.search + caller, { headers });
}

export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === "/__pending") return new Response(String(pending));
    return isrOf(request.headers.get("x-build") ?? "1")(request, render, (promise) => {
      pending += 1;
      ctx.waitUntil(promise.finally(() => (pending -= 1)));
    });
  },
};
`;

async function bundleWorker(): Promise<string> {
  const result = await build({
    stdin: { contents: WORKER, resolveDir: ISR_DIR, sourcefile: "isr-worker.js", loader: "js" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const mf = new Miniflare({ modules: true, script: await bundleWorker(), compatibilityDate: "2026-04-01" });

async function get(path: string, method = "GET", headers: Record<string, string> = {}) {
  const response = await mf.dispatchFetch(`http://localhost${path}`, { method, headers });
  const body = await response.text();
  await settle();
  return { response, summary: { status: response.status, cache: response.headers.get("x-sdk-cache"), body } };
}

async function settle(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await (await mf.dispatchFetch("http://localhost/__pending")).text()) === "0") return;
    await sleep(10);
  }
  throw new Error("background work in the worker never finished");
}

test("MISS, HIT, then STALE after the TTL, then HIT with the refreshed body, on caches.default", async () => {
  assert.equal((await get("/page")).summary, { status: 200, cache: "MISS", body: "render 1 /page" });

  const hit = await get("/page");
  assert.equal(hit.summary, { status: 200, cache: "HIT", body: "render 1 /page" });
  assert.is(hit.response.headers.get("content-type"), "text/plain");
  assert.is(hit.response.headers.get("x-custom"), "kept");
  assert.is(hit.response.headers.get("x-sdk-isr-entry"), null, "the store's metadata stays internal");
  assert.is(hit.response.headers.get("cf-cache-status"), null);

  assert.equal((await get("/page", "HEAD")).summary, { status: 200, cache: "HIT", body: "" });

  await sleep(1100);
  assert.equal((await get("/page")).summary, { status: 200, cache: "STALE", body: "render 1 /page" });
  assert.equal((await get("/page")).summary, { status: 200, cache: "HIT", body: "render 2 /page" });
});

test("allowlisted query parameters key the entry; others do not", async () => {
  assert.equal((await get("/list?a=1&utm=x")).summary, { status: 200, cache: "MISS", body: "render 3 /list?a=1&utm=x" });
  assert.equal((await get("/list?utm=y&a=1")).summary, { status: 200, cache: "HIT", body: "render 3 /list?a=1&utm=x" });
  assert.equal((await get("/list?a=2")).summary, { status: 200, cache: "MISS", body: "render 4 /list?a=2" });
});

test("a response that sets a cookie is never stored", async () => {
  assert.equal((await get("/cookie")).summary, { status: 200, cache: "MISS", body: "render 5 /cookie" });
  assert.equal((await get("/cookie")).summary, { status: 200, cache: "MISS", body: "render 6 /cookie" });
});

test("in workerd too, an answer made with the caller's Authorization is not stored; one that ignores it is shared", async () => {
  assert.equal((await get("/whoami", "GET", { authorization: "Bearer ALICE" })).summary, { status: 200, cache: "BYPASS", body: "render 7 /whoami Bearer ALICE" });
  assert.equal((await get("/whoami")).summary, { status: 200, cache: "MISS", body: "render 8 /whoami anonymous" });
  assert.equal((await get("/whoami")).summary, { status: 200, cache: "HIT", body: "render 8 /whoami anonymous" });
  assert.equal((await get("/whoami", "GET", { authorization: "Bearer ALICE" })).summary, { status: 200, cache: "BYPASS", body: "render 9 /whoami Bearer ALICE" });
  assert.equal((await get("/shared", "GET", { authorization: "Bearer ALICE" })).summary, { status: 200, cache: "MISS", body: "render 10 /shared" });
  assert.equal((await get("/shared")).summary, { status: 200, cache: "HIT", body: "render 10 /shared" });
});

test("another build never reads the entries an earlier one stored", async () => {
  assert.equal((await get("/build", "GET", { "x-build": "1" })).summary, { status: 200, cache: "MISS", body: "render 11 /build" });
  assert.equal((await get("/build", "GET", { "x-build": "1" })).summary, { status: 200, cache: "HIT", body: "render 11 /build" });
  assert.equal((await get("/build", "GET", { "x-build": "2" })).summary, { status: 200, cache: "MISS", body: "render 12 /build" });
});

test.after(async () => {
  await mf.dispose();
});

test.run();
