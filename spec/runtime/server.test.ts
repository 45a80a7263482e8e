import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ExecutionContext } from "hono";
import { createWorker } from "../../runtime/adapters/edge.ts";
import { createApp } from "../../runtime/app.ts";
import { defineHandler } from "../../runtime/index.ts";
import { createRequestHandler } from "../../runtime/request-handler.ts";
import {
  assetUrl,
  drainOnSignals,
  listeningMessage,
  resolveListenOptions,
  type ShutdownSignal,
} from "../../runtime/server.ts";

const app = createApp({
  production: true,
  middleware: [],
  routes: [
    { pattern: "/logo.png", file: "routes/logo.png.ts", handlers: { POST: defineHandler(() => "posted to the app") } },
    { pattern: "/api/env", file: "routes/api/env.ts", handlers: { GET: defineHandler((c) => ({ env: c.env, waits: typeof c.executionCtx.waitUntil })) } },
  ],
});
const assets = { "/logo.png": { file: "logo.png", type: "image/png", etag: '"1"', size: 5 } };

test("createRequestHandler answers assets first and leaves the rest to the app", async () => {
  const handle = createRequestHandler(app, { assets, readAsset: async (file) => `file:${file}` });
  assert.is(await (await handle(new Request("http://x/logo.png"))).text(), "file:logo.png");
  assert.is(await (await handle(new Request("http://x/logo.png", { method: "POST" }))).json(), "posted to the app");
  assert.is((await handle(new Request("http://x/missing"))).status, 404);
  assert.is((await handle(new Request("http://x/a%2fb"))).status, 404, "not an asset: the app's 404");
});

test("createWorker passes env and the execution context to the app", async () => {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as ExecutionContext;
  const res = await createWorker(app).fetch(new Request("http://x/api/env"), { KEY: "value" }, ctx);
  assert.equal(await res.json(), { env: { KEY: "value" }, waits: "function" });
});

test("createWorker answers a plain GET route without Hono's dispatch, and the rest through it", async () => {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as ExecutionContext;
  const dispatched: string[] = [];
  const counted = Object.assign(Object.create(app), { fetch: (request: Request, env: Record<string, unknown>, executionCtx: ExecutionContext) => (dispatched.push(new URL(request.url).pathname), app.fetch(request, env, executionCtx)) });
  const worker = createWorker(counted);
  assert.equal(await (await worker.fetch(new Request("http://x/api/env"), { KEY: "v" }, ctx)).json(), { env: { KEY: "v" }, waits: "function" });
  assert.is(await (await worker.fetch(new Request("http://x/logo.png", { method: "POST" }), {}, ctx)).json(), "posted to the app");
  assert.equal(dispatched, ["/logo.png"]);
});

test("createWorker runs every event inside the scope it is given: requests, scheduled runs and queue batches", async () => {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as ExecutionContext;
  const entered: string[] = [];
  let inside = "";
  const scope = async <T,>(_ctx: Pick<ExecutionContext, "waitUntil">, run: () => Promise<T>) => {
    entered.push("scope");
    inside = "yes";
    try {
      return await run();
    } finally {
      inside = "";
    }
  };
  const worker = createWorker(app, {
    scope,
    scheduled: async () => entered.push(`scheduled ${inside}`),
    queue: async () => entered.push(`queue ${inside}`),
  });
  await worker.fetch(new Request("http://x/api/env"), {}, ctx);
  await worker.scheduled!({ cron: "* * * * *", scheduledTime: 0, noRetry() {} }, {}, ctx);
  await worker.queue!({ queue: "q", messages: [], ackAll() {}, retryAll() {} }, {}, ctx);
  assert.equal(entered, ["scope", "scope", "scheduled yes", "scope", "queue yes"]);
});

test("resolveListenOptions reads PORT and HOST with defaults", () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];
  assert.equal(resolveListenOptions(env({})), { hostname: "0.0.0.0", port: 3000 });
  assert.equal(resolveListenOptions(env({ PORT: "8080", HOST: "127.0.0.1" })), { hostname: "127.0.0.1", port: 8080 });
  assert.equal(resolveListenOptions(env({ PORT: "0" })), { hostname: "0.0.0.0", port: 0 });
  assert.equal(resolveListenOptions(env({ PORT: "", HOST: "" })), { hostname: "0.0.0.0", port: 3000 });
  assert.is(resolveListenOptions(env({ PORT: "http" })), 'PORT must be a whole number from 0 to 65535, got "http".');
  assert.type(resolveListenOptions(env({ PORT: "70000" })), "string");
  assert.type(resolveListenOptions(env({ PORT: "80.5" })), "string");
});

test("listeningMessage brackets IPv6 hosts", () => {
  assert.is(listeningMessage("0.0.0.0", 3000), "Listening on http://0.0.0.0:3000");
  assert.is(listeningMessage("::", 3000), "Listening on http://[::]:3000");
});

test("assetUrl keeps special characters in file names literal", () => {
  const clientDir = new URL("file:///srv/app/dist/client/");
  assert.is(assetUrl(clientDir, "docs/index.html").href, "file:///srv/app/dist/client/docs/index.html");
  assert.is(assetUrl(clientDir, "a #1?.txt").pathname, "/srv/app/dist/client/a%20%231%3F.txt");
  assert.is(decodeURIComponent(assetUrl(clientDir, "100%.txt").pathname), "/srv/app/dist/client/100%.txt");
});

function fakeRuntime() {
  const listeners = new Map<ShutdownSignal, () => void>();
  const exits: number[] = [];
  return {
    exits,
    send: (signal: ShutdownSignal) => listeners.get(signal)?.(),
    onSignal: (signal: ShutdownSignal, listener: () => void) => void listeners.set(signal, listener),
    exit: (code: number) => void exits.push(code),
  };
}

test("the first signal drains, then exits 0; a second one exits 1 at once", async () => {
  const runtime = fakeRuntime();
  let finishInFlight!: () => void;
  let closes = 0;
  drainOnSignals({ port: 1, close: () => (closes++, new Promise<void>((resolve) => (finishInFlight = resolve))) }, runtime);
  runtime.send("SIGTERM");
  assert.is(closes, 1);
  assert.equal(runtime.exits, []);
  finishInFlight();
  await Promise.resolve();
  assert.equal(runtime.exits, [0]);

  const impatient = fakeRuntime();
  drainOnSignals({ port: 1, close: () => new Promise<void>(() => {}) }, impatient, 60_000);
  impatient.send("SIGINT");
  impatient.send("SIGINT");
  assert.equal(impatient.exits, [1]);
});

test("a drain that outlives the timeout exits 1", async () => {
  const runtime = fakeRuntime();
  const original = console.error;
  console.error = () => {};
  try {
    drainOnSignals({ port: 1, close: () => new Promise<void>(() => {}) }, runtime, 20);
    runtime.send("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 60));
  } finally {
    console.error = original;
  }
  assert.equal(runtime.exits, [1]);
});

test.run();
