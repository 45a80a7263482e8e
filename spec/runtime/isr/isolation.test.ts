/**
 * ISR never hands one client what was made for another: credentials a render reads keep its answer
 * private, `Vary` splits entries, the origin is in the key, and refreshes carry no client's credentials.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Render } from "../../../runtime/isr/isr.ts";
import { harness, ORIGIN, read } from "../../helpers/isr-harness.ts";

/** A handler that answers with the caller's Authorization and Cookie, as `/api/whoami` does. */
function whoami(extra: HeadersInit = {}) {
  const seen: Array<{ authorization: string | null; cookie: string | null }> = [];
  const render: Render = async (request) => {
    const caller = { authorization: request.headers.get("authorization"), cookie: request.headers.get("cookie") };
    seen.push(caller);
    return new Response(`${caller.authorization ?? "anonymous"} ${caller.cookie ?? ""}`.trim(), { headers: extra });
  };
  return { render, seen };
}

/** A handler that never looks at the request's headers. */
const plain: Render = async (request) => new Response(`page ${new URL(request.url).pathname}`);

test("an answer made with a client's Authorization is theirs alone: BYPASS, and the next client gets its own", async () => {
  const app = harness();
  const { render } = whoami();
  assert.equal(await read(await app.fetch("/api/whoami", render, { headers: { authorization: "Bearer ALICE" } })), { status: 200, cache: "BYPASS", body: "Bearer ALICE" });
  await app.settle();
  assert.equal(await read(await app.fetch("/api/whoami", render)), { status: 200, cache: "MISS", body: "anonymous" });
  await app.settle();
  assert.equal(await read(await app.fetch("/api/whoami", render)), { status: 200, cache: "HIT", body: "anonymous" });
});

test("the same with a Cookie, on a page that reads it", async () => {
  const app = harness();
  const { render } = whoami();
  assert.is((await read(await app.fetch("/account", render, { headers: { cookie: "session=alice" } }))).body, "anonymous session=alice");
  await app.settle();
  assert.equal(await read(await app.fetch("/account", render)), { status: 200, cache: "MISS", body: "anonymous" });
});

test("an entry rendered for a client without credentials, by a render that looks for them, is not served to a client with them", async () => {
  const app = harness();
  const { render, seen } = whoami();
  await app.fetch("/account", render);
  await app.settle();
  assert.equal(await read(await app.fetch("/account", render, { headers: { cookie: "session=bob" } })), { status: 200, cache: "BYPASS", body: "anonymous session=bob" });
  assert.equal(await read(await app.fetch("/account", render)), { status: 200, cache: "HIT", body: "anonymous" });
  assert.is(seen.length, 2);
});

test("an answer that never reads credentials is shared by everyone, cookies or not", async () => {
  const app = harness();
  assert.is((await read(await app.fetch("/docs", plain, { headers: { cookie: "_ga=1", authorization: "Bearer ALICE" } }))).cache, "MISS");
  await app.settle();
  assert.equal(await read(await app.fetch("/docs", plain)), { status: 200, cache: "HIT", body: "page /docs" });
  assert.is((await read(await app.fetch("/docs", plain, { headers: { cookie: "_ga=2" } }))).cache, "HIT");
});

test("listing the headers counts as reading the credentials among them", async () => {
  const app = harness();
  const dump: Render = async (request) => new Response(JSON.stringify(Object.fromEntries(request.headers)));
  assert.is((await read(await app.fetch("/headers", dump, { headers: { authorization: "Bearer ALICE" } }))).cache, "BYPASS");
  await app.settle();
  assert.not.match((await read(await app.fetch("/headers", dump))).body, "ALICE");
});

test("a render that reads credentials only while its body streams is not stored for the client that had them", async () => {
  const app = harness();
  const late: Render = async (request) =>
    new Response(
      new ReadableStream({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          controller.enqueue(new TextEncoder().encode(request.headers.get("authorization") ?? "anonymous"));
          controller.close();
        },
      }),
    );
  assert.equal(await read(await app.fetch("/late", late, { headers: { authorization: "Bearer ALICE" } })), { status: 200, cache: "MISS", body: "Bearer ALICE" });
  await app.settle();
  assert.equal(await read(await app.fetch("/late", late)), { status: 200, cache: "MISS", body: "anonymous" });
});

test("`Vary: Cookie, Authorization` from the handler: nothing made for a credential is shared", async () => {
  const app = harness();
  const varies: Render = async () => new Response("made for someone", { headers: { vary: "Cookie, Authorization" } });
  assert.is((await read(await app.fetch("/v", varies, { headers: { cookie: "session=alice" } }))).cache, "BYPASS");
  await app.settle();
  assert.is((await read(await app.fetch("/v", varies))).cache, "MISS");
  await app.settle();
  assert.is((await read(await app.fetch("/v", varies))).cache, "HIT");
  assert.is((await read(await app.fetch("/v", varies, { headers: { cookie: "session=alice" } }))).cache, "BYPASS");
});

test("`Vary` on other headers keeps one entry per value the request carries", async () => {
  const app = harness();
  const greet: Render = async (request) => new Response(request.headers.get("accept-language") === "fr" ? "bonjour" : "hello", { headers: { vary: "Accept-Language" } });
  const as = (language: string) => ({ headers: { "accept-language": language } });
  assert.equal(await read(await app.fetch("/greet", greet, as("fr"))), { status: 200, cache: "MISS", body: "bonjour" });
  await app.settle();
  assert.equal(await read(await app.fetch("/greet", greet, as("en"))), { status: 200, cache: "MISS", body: "hello" });
  await app.settle();
  assert.equal(await read(await app.fetch("/greet", greet, as("fr"))), { status: 200, cache: "HIT", body: "bonjour" });
  assert.equal(await read(await app.fetch("/greet", greet, as("en"))), { status: 200, cache: "HIT", body: "hello" });
  assert.equal(await read(await app.fetch("/greet", greet)), { status: 200, cache: "MISS", body: "hello" });
});

test("`Vary: *` is never stored", async () => {
  const app = harness();
  const anything: Render = async () => new Response("x", { headers: { vary: "*" } });
  await app.fetch("/any", anything);
  await app.settle();
  assert.is((await read(await app.fetch("/any", anything))).cache, "MISS");
});

test("a background refresh renders without the credentials of the client that found the entry stale", async () => {
  const app = harness({ ttl: 1 });
  const calls: Request[] = [];
  const render: Render = async (request) => {
    calls.push(request);
    return new Response("shared");
  };
  await app.fetch("/p", render);
  await app.settle();
  app.advance(2);
  const stale = await app.fetch("/p", render, { headers: { authorization: "Bearer ALICE", cookie: "session=alice", "accept-language": "fr" } });
  assert.is((await read(stale)).cache, "STALE");
  await app.settle();
  const refresh = calls[1]!;
  assert.is(refresh.headers.get("authorization"), null);
  assert.is(refresh.headers.get("cookie"), null);
  assert.is(refresh.headers.get("accept-language"), "fr");
});

test("a forged Host gets an entry of its own: the URL it made is never served under the real host", async () => {
  const app = harness();
  const link: Render = async (request) => new Response(`<a href="${new URL("/reset", request.url)}">`);
  const forged = await app.fetch("/links", link, {}, "http://evil.example");
  assert.is((await read(forged)).body, '<a href="http://evil.example/reset">');
  await app.settle();
  assert.equal(await read(await app.fetch("/links", link)), { status: 200, cache: "MISS", body: `<a href="${ORIGIN}/reset">` });
  await app.settle();
  assert.is((await read(await app.fetch("/links", link))).body, `<a href="${ORIGIN}/reset">`);
});

test.run();
