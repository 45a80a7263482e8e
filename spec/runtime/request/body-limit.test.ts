/**
 * The server limits read from the environment, the streaming body limit in front of the app,
 * and a malformed body answered as the client's 400, in process (spec/hostile/ runs them in the
 * built servers).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { connectionsForFileLimit } from "../../../runtime/adapters/node-limits.ts";
import { createApp } from "../../../runtime/app.ts";
import { defineHandler } from "../../../runtime/index.ts";
import { countedBody, withBodyLimit } from "../../../runtime/request/body-limit.ts";
import type { RequestHandler } from "../../../runtime/server.ts";
import { resolveServerLimits } from "../../../runtime/server-limits.ts";

const env = (values: Record<string, string>) => (name: string) => values[name];

const app = createApp({
  production: true,
  middleware: [],
  routes: [
    { pattern: "/json", file: "routes/json.ts", handlers: { POST: defineHandler(async (c) => ({ got: await c.req.json() })) } },
    { pattern: "/form", file: "routes/form.ts", handlers: { POST: defineHandler(async (c) => ({ got: (await c.req.formData()).get("a") })) } },
    { pattern: "/swallow", file: "routes/swallow.ts", handlers: { POST: defineHandler(async (c) => ({ read: await c.req.text().then(() => "all", () => "part") })) } },
    { pattern: "/late", file: "routes/late.ts", handlers: { POST: defineHandler(async (c) => ({ got: await c.req.json(), later: JSON.parse("{oops") })) } },
  ],
});
const handle: RequestHandler = withBodyLimit((request) => app.fetch(request), 10);

function chunked(...parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  handle(new Request(`http://x${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit));

test("resolveServerLimits: defaults, sizes with units, and a message naming a wrong variable", () => {
  assert.equal(resolveServerLimits(env({})), { maxBodySize: 1048576, headersTimeoutMs: 15000, requestTimeoutMs: 60000, maxConnections: undefined });
  const set = resolveServerLimits(env({ SDK_MAX_BODY_SIZE: "10mb", SDK_HEADERS_TIMEOUT_MS: "500", SDK_REQUEST_TIMEOUT_MS: "900", SDK_MAX_CONNECTIONS: "100" }));
  assert.equal(set, { maxBodySize: 10485760, headersTimeoutMs: 500, requestTimeoutMs: 900, maxConnections: 100 });
  assert.equal((resolveServerLimits(env({ SDK_MAX_BODY_SIZE: "512 KB" })) as { maxBodySize: number }).maxBodySize, 524288);
  assert.equal((resolveServerLimits(env({ SDK_MAX_BODY_SIZE: "2000" })) as { maxBodySize: number }).maxBodySize, 2000);
  assert.is(resolveServerLimits(env({ SDK_MAX_BODY_SIZE: "1.5mb" })), 'SDK_MAX_BODY_SIZE must be a size in bytes, or with kb, mb or gb (1024-based), e.g. 10mb; got "1.5mb".');
  assert.is(resolveServerLimits(env({ SDK_MAX_BODY_SIZE: "0" })), 'SDK_MAX_BODY_SIZE must be a size in bytes, or with kb, mb or gb (1024-based), e.g. 10mb; got "0".');
  assert.is(resolveServerLimits(env({ SDK_HEADERS_TIMEOUT_MS: "15s" })), 'SDK_HEADERS_TIMEOUT_MS must be a whole number of milliseconds, e.g. 15000; got "15s".');
  assert.is(resolveServerLimits(env({ SDK_MAX_CONNECTIONS: "-1" })), 'SDK_MAX_CONNECTIONS must be a whole number of connections, e.g. 10000; got "-1".');
  assert.is(
    resolveServerLimits(env({ SDK_HEADERS_TIMEOUT_MS: "70000" })),
    "SDK_HEADERS_TIMEOUT_MS (70000) must not exceed SDK_REQUEST_TIMEOUT_MS (60000): the headers are part of the request.",
  );
});

test("a declared length over the limit is answered 413 in JSON without reading the body", async () => {
  const request = new Request("http://x/json", { method: "POST", body: "0123456789x", headers: { "content-length": "11" } });
  const response = await handle(request);
  assert.is(response.status, 413);
  assert.equal(await response.json(), { error: "Request body too large: the limit is 10 bytes" });
  assert.not.ok(request.bodyUsed, "not a byte read");
});

test("a chunked body is counted as it streams: cut past the limit with a 413, passed whole at the limit", async () => {
  const over = await post("/json", chunked('{"a":', '"12345"}'));
  assert.is(over.status, 413);
  assert.equal(await over.json(), { error: "Request body too large: the limit is 10 bytes" });
  const at = await post("/json", chunked('{"a":', '"12"}'));
  assert.is(at.status, 200);
  assert.equal(await at.json(), { got: { a: "12" } });
});

test("a cut body is a 413 even when the app caught the error and answered from what it read", async () => {
  const response = await post("/swallow", chunked("0123456789", "x"));
  assert.is(response.status, 413);
});

test("countedBody cancels its source once past the limit", async () => {
  let cancelled: unknown;
  let cuts = 0;
  const source = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(4)), cancel: (reason) => void (cancelled = reason) });
  const reader = countedBody(source, 10, () => cuts++).getReader();
  const read = async (): Promise<unknown> => {
    for (;;) if ((await reader.read()).done) return undefined;
  };
  const error = await read().catch((reason: unknown) => reason);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.is((error as { status?: number }).status, 413);
  assert.is(cuts, 1);
  assert.is(cancelled, error);
});

test("malformed JSON or form data from the client is a 400; a SyntaxError of the app's own stays a 500", async () => {
  const json = await post("/json", '{"a":', { "content-type": "application/json" });
  assert.is(json.status, 400);
  assert.equal(await json.json(), { error: "Malformed JSON in request body" });
  const form = await post("/form", "--zz\r\nnope", { "content-type": "multipart/form-data; boundary=zz" });
  assert.is(form.status, 400);
  assert.equal(await form.json(), { error: "Malformed form data in request body" });
  const original = console.error;
  console.error = () => {};
  try {
    const late = await post("/late", '{"a":1}', { "content-type": "application/json" });
    assert.is(late.status, 500);
  } finally {
    console.error = original;
  }
});

test("node's connection limit keeps a reserve of the process's file descriptors", () => {
  assert.is(connectionsForFileLimit(20000), 18000);
  assert.is(connectionsForFileLimit(1024), 768);
  assert.is(connectionsForFileLimit(100), 64);
  assert.is(connectionsForFileLimit(undefined), undefined);
});

test.run();
