import { test } from "uvu";
import * as assert from "uvu/assert";
import { createIsr, type Render } from "../../../runtime/isr/isr.ts";
import { CACHE_STATUS_HEADER } from "../../../runtime/isr/responses.ts";
import { createMemoryStore } from "../../../runtime/isr/memory-store.ts";
import type { IsrStore } from "../../../runtime/isr/store.ts";
import { counter, harness, ORIGIN, read } from "../../helpers/isr-harness.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

async function withConsoleCaptured<T>(run: (lines: string[]) => Promise<T>): Promise<T> {
  const lines: string[] = [];
  const { error, warn } = console;
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  console.warn = console.error;
  try {
    return await run(lines);
  } finally {
    console.error = error;
    console.warn = warn;
  }
}

test("MISS, then HIT, then STALE with exactly one background render for 10 concurrent requests, then HIT with the new body", async () => {
  const app = harness({ ttl: 10 });
  let renders = 0;
  const refreshGate = deferred<void>();
  const render: Render = async () => {
    renders += 1;
    if (renders === 2) await refreshGate.promise;
    return new Response(`version ${renders}`, { headers: { "content-type": "text/plain" } });
  };

  const first = await app.fetch("/page", render);
  assert.equal(await read(first), { status: 200, cache: "MISS", body: "version 1" });
  await app.settle();

  app.advance(9.999);
  const hit = await app.fetch("/page", render);
  assert.equal(await read(hit), { status: 200, cache: "HIT", body: "version 1" });
  assert.is(hit.headers.get("content-type"), "text/plain");
  assert.is(renders, 1);

  app.advance(0.001);
  const stale = await Promise.all(Array.from({ length: 10 }, () => app.fetch("/page", render)));
  for (const response of stale) assert.equal(await read(response), { status: 200, cache: "STALE", body: "version 1" });
  assert.is(renders, 2, "one background render for ten stale hits");
  assert.is(app.backgroundTasks, 1);

  refreshGate.resolve();
  await app.settle();
  assert.equal(await read(await app.fetch("/page", render)), { status: 200, cache: "HIT", body: "version 2" });
  assert.is(renders, 2);
});

test("a new refresh may start once the previous one settled", async () => {
  const app = harness({ ttl: 5 });
  const { render, calls } = counter();
  await app.fetch("/p", render);
  await app.settle();
  app.advance(6);
  assert.is((await read(await app.fetch("/p", render))).cache, "STALE");
  await app.settle();
  app.advance(6);
  assert.equal(await read(await app.fetch("/p", render)), { status: 200, cache: "STALE", body: "render 2 " });
  await app.settle();
  assert.is(calls.length, 3);
});

test("the background refresh renders a GET with the original URL and headers", async () => {
  const app = harness({ ttl: 1 });
  const { render, calls } = counter();
  await app.fetch("/p?x=1", render);
  await app.settle();
  app.advance(2);
  await app.fetch("/p?x=1", render, { method: "HEAD", headers: { "accept-language": "fr" } });
  await app.settle();
  const refresh = calls[1]!;
  assert.is(refresh.method, "GET");
  assert.is(refresh.url, `${ORIGIN}/p?x=1`);
  assert.is(refresh.headers.get("accept-language"), "fr");
});

test("ttl 0: every hit after the first MISS is STALE and refreshes in the background", async () => {
  const app = harness({ ttl: 0 });
  const { render, calls } = counter();
  assert.is((await read(await app.fetch("/p", render))).cache, "MISS");
  await app.settle();
  assert.equal(await read(await app.fetch("/p", render)), { status: 200, cache: "STALE", body: "render 1 " });
  await app.settle();
  assert.equal(await read(await app.fetch("/p", render)), { status: 200, cache: "STALE", body: "render 2 " });
  await app.settle();
  assert.is(calls.length, 3);
});

test("responses with Set-Cookie, a status other than 200, or Cache-Control private/no-store are never cached", async () => {
  const uncacheable: ResponseInit[] = [
    { headers: { "set-cookie": "session=1; HttpOnly" } },
    { status: 404 },
    { status: 500 },
    { status: 201 },
    { headers: { "cache-control": "private, max-age=60" } },
    { headers: { "cache-control": "public, No-Store" } },
  ];
  for (const init of uncacheable) {
    const app = harness();
    const { render, calls } = counter(init);
    for (let round = 1; round <= 3; round += 1) {
      const response = await app.fetch("/p", render);
      assert.is(response.headers.get(CACHE_STATUS_HEADER), "MISS", JSON.stringify(init));
      assert.is(await response.text(), `render ${round} `);
      await app.settle();
    }
    assert.is(calls.length, 3, JSON.stringify(init));
  }
});

test("a public Cache-Control from the handler does not prevent caching", async () => {
  const app = harness();
  const { render } = counter({ headers: { "cache-control": "public, max-age=60" } });
  await app.fetch("/p", render);
  await app.settle();
  const hit = await app.fetch("/p", render);
  assert.is(hit.headers.get(CACHE_STATUS_HEADER), "HIT");
  assert.is(hit.headers.get("cache-control"), "public, max-age=60");
});

test("an uncacheable response with immutable headers is re-wrapped to carry the MISS header", async () => {
  const app = harness();
  const response = await app.fetch("/p", async () => Response.redirect(`${ORIGIN}/elsewhere`, 302));
  assert.is(response.status, 302);
  assert.is(response.headers.get("location"), `${ORIGIN}/elsewhere`);
  assert.is(response.headers.get(CACHE_STATUS_HEADER), "MISS");
});

test("HEAD is served from the GET entry without a body", async () => {
  const app = harness();
  const { render, calls } = counter({ headers: { "content-type": "text/html" } });
  await app.fetch("/doc", render);
  await app.settle();
  const head = await app.fetch("/doc", render, { method: "HEAD" });
  assert.equal(await read(head), { status: 200, cache: "HIT", body: "" });
  assert.is(head.headers.get("content-type"), "text/html");
  assert.is(calls.length, 1);
});

test("a HEAD miss renders and stores the GET, so the next GET is a HIT with the body", async () => {
  const app = harness();
  const { render, calls } = counter();
  const head = await app.fetch("/doc", render, { method: "HEAD" });
  assert.equal(await read(head), { status: 200, cache: "MISS", body: "" });
  assert.is(calls[0]!.method, "GET");
  await app.settle();
  assert.equal(await read(await app.fetch("/doc", render)), { status: 200, cache: "HIT", body: "render 1 " });
});

test("query parameters: allowlisted ones split the cache, others are ignored", async () => {
  const app = harness({ allowlist: ["a"] });
  const { render, calls } = counter();
  const get = async (path: string) => {
    const result = await read(await app.fetch(path, render));
    await app.settle();
    return result;
  };
  assert.equal(await get("/q?a=1"), { status: 200, cache: "MISS", body: "render 1 ?a=1" });
  assert.equal(await get("/q?a=2"), { status: 200, cache: "MISS", body: "render 2 ?a=2" });
  assert.equal(await get("/q?a=1&utm=z"), { status: 200, cache: "HIT", body: "render 1 ?a=1" });
  assert.equal(await get("/q"), { status: 200, cache: "MISS", body: "render 3 " });
  assert.equal(await get("/q?utm=1"), { status: 200, cache: "HIT", body: "render 3 " });
  assert.is(calls.length, 3);
});

test("methods other than GET/HEAD, upgrades and paths without a TTL reach render untouched", async () => {
  const isr = createIsr({ ttlFor: (pathname) => (pathname.startsWith("/live") ? undefined : 10), allowlistFor: () => [], store: createMemoryStore() });
  const { render, calls } = counter();
  const requests = [
    new Request(`${ORIGIN}/p`, { method: "POST", body: "x" }),
    new Request(`${ORIGIN}/p`, { method: "DELETE" }),
    new Request(`${ORIGIN}/live/feed`),
    new Request(`${ORIGIN}/p`, { headers: { upgrade: "websocket" } }),
  ];
  for (const request of requests) {
    const response = await isr(request, render);
    assert.is(response.headers.has(CACHE_STATUS_HEADER), false, `${request.method} ${request.url}`);
    assert.is(calls.at(-1), request, "the very same request object");
  }
  assert.is(calls.length, 4);
});

test("a MISS streams to the client while the copy for the store is still being produced", async () => {
  const app = harness();
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  controller.enqueue(encoder.encode("first "));
  const response = await app.fetch("/stream", async () => new Response(body));
  assert.is(response.headers.get(CACHE_STATUS_HEADER), "MISS");
  const reader = response.body!.getReader();
  const chunk = await reader.read();
  assert.is(new TextDecoder().decode(chunk.value), "first ", "the client has the first chunk before the render finished");
  controller.enqueue(encoder.encode("second"));
  controller.close();
  let rest = "";
  for (let next = await reader.read(); !next.done; next = await reader.read()) rest += new TextDecoder().decode(next.value);
  assert.is(rest, "second");
  await app.settle();
  assert.equal(await read(await app.fetch("/stream", async () => new Response("unused"))), { status: 200, cache: "HIT", body: "first second" });
});

test("a render that throws during a background refresh keeps the stale entry in service and logs", async () => {
  const app = harness({ ttl: 1 });
  let fail = false;
  let renders = 0;
  const render: Render = async () => {
    renders += 1;
    if (fail) throw new Error("database unavailable");
    return new Response(`version ${renders}`);
  };
  await app.fetch("/p", render);
  await app.settle();
  app.advance(2);
  fail = true;
  await withConsoleCaptured(async (lines) => {
    assert.equal(await read(await app.fetch("/p", render)), { status: 200, cache: "STALE", body: "version 1" });
    await app.settle();
    assert.is(lines.length, 1);
    assert.match(lines[0]!, "refreshing https://app.example/p failed");
    assert.match(lines[0]!, "database unavailable");
    assert.equal(await read(await app.fetch("/p", render)), { status: 200, cache: "STALE", body: "version 1" });
    await app.settle();
    assert.is(renders, 3, "the failed refresh did not block the next one");
  });
  fail = false;
  assert.is((await read(await app.fetch("/p", render))).body, "version 1");
  await app.settle();
  assert.equal(await read(await app.fetch("/p", render)), { status: 200, cache: "HIT", body: "version 4" });
});

test("an uncacheable refresh keeps the stale entry and warns", async () => {
  const app = harness({ ttl: 1 });
  let status = 200;
  const render: Render = async () => new Response(`status ${status}`, { status });
  await app.fetch("/p", render);
  await app.settle();
  app.advance(2);
  status = 503;
  await withConsoleCaptured(async (lines) => {
    assert.equal(await read(await app.fetch("/p", render)), { status: 200, cache: "STALE", body: "status 200" });
    await app.settle();
    assert.is((await read(await app.fetch("/p", render))).body, "status 200");
    await app.settle();
    assert.is(lines.length, 2);
    assert.match(lines[0]!, "uncacheable 503");
  });
});

test("a store that fails to read or write costs a render, not an error", async () => {
  const broken: IsrStore = {
    get: () => Promise.reject(new Error("store down")),
    put: () => Promise.reject(new Error("store down")),
  };
  const app = harness({ store: broken });
  const { render } = counter();
  await withConsoleCaptured(async (lines) => {
    assert.equal(await read(await app.fetch("/p", render)), { status: 200, cache: "MISS", body: "render 1 " });
    await app.settle();
    assert.is(lines.length, 2);
    assert.match(lines[0]!, "reading https://app.example/p failed");
    assert.match(lines[1]!, "storing https://app.example/p failed");
  });
});

test("a shared store's claim: refused, the stale entry is served and nothing renders; granted, it is released after the refresh", async () => {
  let held = false;
  const events: string[] = [];
  const memory = createMemoryStore();
  const store: IsrStore = {
    get: (key) => memory.get(key),
    put: (key, value, ttl) => memory.put(key, value, ttl),
    async claimRefresh() {
      if (held) return null;
      events.push("claimed");
      return async () => void events.push("released");
    },
  };
  const app = harness({ store });
  const { render, calls } = counter();
  await app.fetch("/page", render);
  await app.settle();
  app.advance(11);
  held = true;
  assert.equal(await read(await app.fetch("/page", render)), { status: 200, cache: "STALE", body: "render 1 " });
  await app.settle();
  assert.is(calls.length, 1, "another instance holds the claim: this one does not render");
  held = false;
  await app.fetch("/page", render);
  await app.settle();
  assert.is(calls.length, 2);
  assert.equal(events, ["claimed", "released"]);
  assert.equal(await read(await app.fetch("/page", render)), { status: 200, cache: "HIT", body: "render 2 " });
});

test.run();
