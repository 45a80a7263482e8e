/**
 * `fetch` from sdk/client against a real app from createApp, served in-process: the global fetch
 * is replaced by the app's own `fetch` for each test, so every request goes through the same
 * routing, handler dispatch and JSON encoding as on a server. The augmentation below is what
 * `sdk prepare` generates for these routes, so `npm run typecheck` checks the calls too.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createApp, type RouteDefinition } from "../../../runtime/app.ts";
import { fetch, SdkFetchError, type Params } from "../../../runtime/client/index.ts";
import { defineHandler } from "../../../runtime/index.ts";

const getUser = defineHandler((c) => ({ id: c.req.param("id") ?? "", joined: new Date(0) }));
const deleteUser = defineHandler(() => undefined);
const getFile = defineHandler((c) => ({ path: c.req.param("path") ?? "" }));
const echo = defineHandler(async (c) => ({
  method: c.req.method,
  url: c.req.url,
  contentType: c.req.header("content-type") ?? null,
  custom: c.req.header("x-custom") ?? null,
  body: await c.req.text(),
}));
const greet = defineHandler((c) => c.text("hello"));
const refuse = defineHandler((c) => c.json({ error: "name is required", field: "name" }, 422));

declare module "../../../runtime/client/index.ts" {
  interface Routes {
    "/api/users/:id": { GET: typeof getUser; DELETE: typeof deleteUser };
    "/api/files/*path": { GET: typeof getFile };
    "/api/echo": { GET: typeof echo; POST: typeof echo };
    "/api/greet": { GET: typeof greet };
    "/api/refuse": { POST: typeof refuse };
    "/api/missing": { GET: typeof greet };
  }
  interface RouteParams {
    "/api/users/:id": Params<"id">;
    "/api/files/*path": Params<"path">;
    "/api/echo": Params<never>;
    "/api/greet": Params<never>;
    "/api/refuse": Params<never>;
    "/api/missing": Params<never>;
  }
}

const routes: RouteDefinition[] = [
  { pattern: "/api/users/:id", file: "routes/api/users/[id].ts", handlers: { GET: getUser, DELETE: deleteUser } },
  { pattern: "/api/files/:path{.+}", file: "routes/api/files/[...path].ts", handlers: { GET: getFile } },
  { pattern: "/api/echo", file: "routes/api/echo.ts", handlers: { GET: echo, POST: echo } },
  { pattern: "/api/greet", file: "routes/api/greet.ts", handlers: { GET: greet } },
  { pattern: "/api/refuse", file: "routes/api/refuse.ts", handlers: { POST: refuse } },
];
const app = createApp({ production: true, middleware: [], routes });
const BASE = "http://app.test";

/** Every request the client made in the current test, as the app received it. */
let requested: Request[] = [];
const platformFetch = globalThis.fetch;

test.before.each(() => {
  requested = [];
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    requested.push(request.clone());
    return app.fetch(request);
  };
});

test.after.each(() => {
  globalThis.fetch = platformFetch;
  delete (globalThis as { location?: unknown }).location;
});

/** What a call that must fail rejects with, checked to be an instance of `kind`. */
async function rejection<E extends Error>(call: Promise<unknown>, kind: new (...args: never[]) => E): Promise<E> {
  const outcome = await call.then(() => assert.unreachable("the call must fail"), (error: unknown) => error);
  assert.instance(outcome, kind);
  return outcome as E;
}

test("a parameter is one encoded segment and reaches the handler as given", async () => {
  const user = await fetch("/api/users/:id", { params: { id: "a b/c?d" }, baseUrl: BASE });
  assert.is(requested[0]!.url, `${BASE}/api/users/a%20b%2Fc%3Fd`);
  assert.equal(user, { id: "a b/c?d", joined: "1970-01-01T00:00:00.000Z" });
  assert.equal(await fetch("/api/users/:id", { params: { id: 42 }, baseUrl: BASE }), { id: "42", joined: "1970-01-01T00:00:00.000Z" });
});

test("a catch-all keeps its slashes and encodes each segment", async () => {
  const file = await fetch("/api/files/*path", { params: { path: "docs/a b/#1.txt" }, baseUrl: BASE });
  assert.is(requested[0]!.url, `${BASE}/api/files/docs/a%20b/%231.txt`);
  assert.equal(file, { path: "docs/a b/#1.txt" });
});

test("query values become the query string: arrays repeat, null and undefined are left out", async () => {
  const answer = await fetch("/api/echo", { query: { q: "a b&c", tag: ["x", "y"], page: 2, draft: false, none: null, gone: undefined }, baseUrl: BASE });
  assert.is(answer.url, `${BASE}/api/echo?q=a+b%26c&tag=x&tag=y&page=2&draft=false`);
  await fetch("/api/echo", { query: new URLSearchParams("a=1&a=2"), baseUrl: BASE });
  assert.is(requested[1]!.url, `${BASE}/api/echo?a=1&a=2`);
});

test("a body is sent as JSON; strings, FormData and Blobs pass through", async () => {
  const json = await fetch("/api/echo", { method: "POST", body: { name: "Ada", tags: ["x"] }, baseUrl: BASE });
  assert.equal([json.contentType, json.body], ["application/json", '{"name":"Ada","tags":["x"]}']);

  const text = await fetch("/api/echo", { method: "POST", body: "raw text", baseUrl: BASE });
  assert.equal([text.contentType, text.body], ["text/plain;charset=UTF-8", "raw text"]);

  const form = new FormData();
  form.set("name", "Ada");
  const posted = await fetch("/api/echo", { method: "POST", body: form, baseUrl: BASE });
  assert.match(posted.contentType ?? "", /^multipart\/form-data; boundary=/);
  assert.match(posted.body, 'name="name"\r\n\r\nAda');

  const blob = await fetch("/api/echo", { method: "POST", body: new Blob(["bytes"], { type: "application/octet-stream" }), baseUrl: BASE });
  assert.equal([blob.contentType, blob.body], ["application/octet-stream", "bytes"]);
});

test("the caller's headers are sent and its content-type wins", async () => {
  const answer = await fetch("/api/echo", {
    method: "POST",
    body: { a: 1 },
    headers: { "content-type": "application/vnd.app+json", "x-custom": "yes" },
    baseUrl: BASE,
  });
  assert.equal([answer.contentType, answer.custom, answer.body], ["application/vnd.app+json", "yes", '{"a":1}']);
});

test("a 204 resolves with undefined and a text answer with its text", async () => {
  assert.is(await fetch("/api/users/:id", { method: "DELETE", params: { id: "1" }, baseUrl: BASE }), undefined);
  assert.is(await fetch("/api/greet", { baseUrl: BASE }), "hello");
});

test("a status outside 2xx throws SdkFetchError with the status, the parsed body and the response", async () => {
  const failure = await rejection(fetch("/api/refuse", { method: "POST", baseUrl: BASE }), SdkFetchError);
  assert.is(failure.status, 422);
  assert.equal(failure.body, { error: "name is required", field: "name" });
  assert.is(failure.response.status, 422);
  assert.is(failure.message, `POST ${BASE}/api/refuse answered 422: name is required`);

  const missing = await rejection(fetch("/api/missing", { baseUrl: BASE }), SdkFetchError);
  assert.equal([missing.status, missing.body], [404, { error: "Not Found" }]);
  // @ts-expect-error the route has no GET: checked at compile time, answered 405 at run time
  const notAllowed = await rejection(fetch("/api/refuse", { baseUrl: BASE }), SdkFetchError);
  assert.is(notAllowed.status, 405);
});

test("a missing or dot-segment parameter throws before any request", async () => {
  // @ts-expect-error a JavaScript caller can leave params out
  const missing = await rejection(fetch("/api/users/:id", { baseUrl: BASE }), TypeError);
  assert.is(missing.message, "sdk/client: /api/users/:id needs params.id");
  for (const id of [".", ".."]) {
    const dots = await rejection(fetch("/api/users/:id", { params: { id }, baseUrl: BASE }), TypeError);
    assert.is(dots.message, `sdk/client: "${id}" cannot be sent as a path segment`);
  }
  const climbing = await rejection(fetch("/api/files/*path", { params: { path: "a/../admin" }, baseUrl: BASE }), TypeError);
  assert.is(climbing.message, 'sdk/client: ".." cannot be sent as a path segment');
  assert.is(requested.length, 0);
});

test("outside a browser a call without baseUrl says so; in a browser the path is relative to the page", async () => {
  const noBase = await rejection(fetch("/api/greet"), TypeError);
  assert.match(noBase.message, "outside a browser, pass baseUrl");
  assert.is(requested.length, 0);

  let received: unknown;
  (globalThis as { location?: unknown }).location = { href: `${BASE}/page` };
  globalThis.fetch = async (input) => {
    received = input;
    return new Response('"ok"', { headers: { "content-type": "application/json" } });
  };
  assert.is(await fetch("/api/greet", { query: { a: 1 } }), "ok");
  assert.is(received, "/api/greet?a=1");
});

test("baseUrl may carry a path the app is mounted under, with or without a trailing slash", async () => {
  const seen: string[] = [];
  globalThis.fetch = async (input) => {
    seen.push(String(input));
    return new Response(null, { status: 204 });
  };
  await fetch("/api/greet", { baseUrl: "https://example.com/app/" });
  await fetch("/api/greet", { baseUrl: new URL("https://example.com") });
  assert.equal(seen, ["https://example.com/app/api/greet", "https://example.com/api/greet"]);
});

test("an aborted signal cancels the request", async () => {
  globalThis.fetch = platformFetch;
  const controller = new AbortController();
  controller.abort();
  const aborted = await rejection(fetch("/api/greet", { baseUrl: "http://127.0.0.1:9", signal: controller.signal }), Error);
  assert.is(aborted.name, "AbortError");
});

test.run();
