/**
 * runtime/adapters/node-listener.ts: the direct path must answer exactly as the converting path
 * (`@hono/node-server`) does. Two servers run the same app, one with direct dispatch and one
 * without, and every request is sent to both: status, headers (but Date) and body must match.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createNodeListener } from "../../../runtime/adapters/node-listener.ts";
import { createApp, type RouteDefinition } from "../../../runtime/app.ts";
import { createDirectDispatch, type DirectDispatch } from "../../../runtime/direct/dispatch.ts";
import { defineHandler } from "../../../runtime/index.ts";
import { createRequestHandler } from "../../../runtime/request-handler.ts";
import { createAssetTest } from "../../../runtime/static/lookup.ts";
import type { AssetManifest } from "../../../runtime/static/manifest.ts";
import { documentRoute, streamedDocumentRoute } from "../../helpers/document-route.ts";
import { withoutErrorLog } from "../../helpers/quiet-errors.ts";

const ASSETS: AssetManifest = { "/hello.txt": { file: "hello.txt", type: "text/plain; charset=utf-8", etag: '"h1"', size: 6 } };

const routes: RouteDefinition[] = [
  { pattern: "/api/hello", file: "routes/api/hello.ts", handlers: { GET: defineHandler(() => ({ message: "hello, world" })) } },
  { pattern: "/api/users/:id", file: "routes/api/users/[id].ts", handlers: { GET: defineHandler((c) => ({ id: c.req.param("id") })) } },
  {
    pattern: "/api/request",
    file: "routes/api/request.ts",
    handlers: {
      GET: defineHandler((c) => ({
        url: c.req.url,
        path: c.req.path,
        method: c.req.method,
        query: c.req.query(),
        header: c.req.header("x-test") ?? null,
        headers: Object.keys(c.req.header()).sort(),
        aborted: c.req.raw.signal.aborted,
        isRequest: c.req.raw instanceof Request,
        bindings: Object.keys(c.env as object).sort(),
      })),
    },
  },
  { pattern: "/api/created", file: "routes/api/created.ts", handlers: { GET: defineHandler((c) => (c.status(201), { created: true })) } },
  { pattern: "/api/tagged", file: "routes/api/tagged.ts", handlers: { GET: defineHandler((c) => (c.header("set-cookie", "a=1"), c.header("set-cookie", "b=2", { append: true }), { tagged: true })) } },
  { pattern: "/api/later", file: "routes/api/later.ts", handlers: { GET: defineHandler(async () => ({ later: "ünïcode ✓" })) } },
  { pattern: "/api/empty", file: "routes/api/empty.ts", handlers: { GET: defineHandler(() => undefined) } },
  { pattern: "/api/text", file: "routes/api/text.ts", handlers: { GET: defineHandler((c) => c.text("plain", 202)) } },
  { pattern: "/api/stream", file: "routes/api/stream.ts", handlers: { GET: defineHandler(() => new Response(new Blob(["a", "b"]).stream())) } },
  { pattern: "/api/throws", file: "routes/api/throws.ts", handlers: { GET: defineHandler(async () => Promise.reject(new Error("boom"))) } },
  documentRoute("/document", "pages/document.tsx", () => ({ html: "<p>ünïcode ✓</p>", status: 200 })),
  documentRoute("/document/:name", "pages/document/[name].tsx", async (c) => ({ html: `<p>${c.req.param("name")}</p>`, status: 404 })),
  streamedDocumentRoute("/streamed", "pages/streamed.tsx", async (write) => {
    write("<p>shell ✓</p>");
    await new Promise((resolve) => setTimeout(resolve, 150));
    write(new TextEncoder().encode("<p>ünïcode</p>"));
    write("<p>end</p>");
  }),
  streamedDocumentRoute("/streamed-forever", "pages/streamed-forever.tsx", async (write) => {
    write("<p>shell</p>");
    await new Promise<void>((resolve) => (stopForever = resolve));
  }, () => (foreverCancelled = true, stopForever?.())),
  documentRoute("/document-cookie", "pages/document-cookie.tsx", (c) => (c.header("set-cookie", "seen=1"), { html: "<p>cookie</p>", status: 200 })),
  { pattern: "/api/page", file: "routes/api/page.ts", handlers: { GET: defineHandler(() => track(new Response("<p>a page</p>", { headers: { "content-type": "text/html" } }))) } },
];

let stopForever: (() => void) | undefined;
let foreverCancelled = false;

/** Responses the /api/page route gave, held weakly: a collection must be able to take each once it is sent. */
const pageResponses: WeakRef<Response>[] = [];
function track(response: Response): Response {
  pageResponses.push(new WeakRef(response));
  return response;
}

const app = createApp({ production: true, middleware: [], routes });
const handler = createRequestHandler(app, { assets: ASSETS, readAsset: async () => "hello\n" });

let directRuns = 0;
const dispatch = createDirectDispatch(app, createAssetTest(ASSETS));
const counted: DirectDispatch = { match: (path) => dispatch.match(path), run: (...args) => (directRuns++, dispatch.run(...args)) };

function listen(direct: DirectDispatch | null): Promise<Server> {
  const server = createServer(createNodeListener(handler, direct));
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** A direct server that keeps every IncomingMessage, as a busy server's old generation does until a full collection. */
const keptRequests: IncomingMessage[] = [];
const keeping = createServer((incoming, outgoing) => {
  keptRequests.push(incoming);
  directListener(incoming, outgoing);
});
const directListener = createNodeListener(handler, dispatch);
await new Promise<void>((resolve) => keeping.listen(0, "127.0.0.1", resolve));

const servers = { direct: await listen(counted), converting: await listen(null), keeping };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Each header line as sent, its name's case included, sorted (the Date left out). */
  headerLines: string[];
  body: string;
}

/** `target` goes on the request line as it is, so encoded and odd targets reach the server unchanged. */
function send(server: Server, method: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path: target, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      // A body shorter than its Content-Length ends in an error once the server drops the connection.
      res.on("error", reject);
      res.on("end", () => {
        const { date: _date, ...rest } = res.headers;
        resolve({ status: res.statusCode ?? 0, headers: rest, headerLines: headerLines(res.rawHeaders), body: body.replaceAll(String(port), "PORT") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function headerLines(raw: string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() !== "date") lines.push(`${raw[i]}: ${raw[i + 1]}`);
  return lines.sort();
}

/** Sends to both servers; returns the direct one's answer after checking it equals the other's. */
async function same(method: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  const [direct, converting] = await withoutErrorLog(() => Promise.all([send(servers.direct, method, target, headers), send(servers.converting, method, target, headers)]));
  assert.equal(direct, converting, `${method} ${target}`);
  return direct;
}

/** A 200 with its type, the length of its body, and that body. */
function assertWhole(answer: Answer, type: string, body: string): void {
  assert.is(answer.status, 200);
  assert.is(answer.headers["content-type"], type);
  assert.is(answer.headers["content-length"], String(Buffer.byteLength(answer.body)));
  assert.is(answer.body, body);
}

test("plain routes are answered directly, byte for byte as the converting path answers them", async () => {
  const before = directRuns;
  assertWhole(await same("GET", "/api/hello"), "application/json", '{"message":"hello, world"}');
  assert.is((await same("GET", "/api/users/42?x=1")).body, '{"id":"42"}');
  assert.is((await same("GET", "/api/later")).body, '{"later":"ünïcode ✓"}');
  assert.is(directRuns - before, 3);
});

test("the request a direct route reads is the one the converting path builds: URL, query, headers, signal, bindings", async () => {
  const answer = await same("GET", "/api/request?q=1&q=2&r=x", { "x-test": "yes" });
  assert.equal(JSON.parse(answer.body), {
    url: "http://localhost:PORT/api/request?q=1&q=2&r=x",
    path: "/api/request",
    method: "GET",
    query: { q: "1", r: "x" },
    header: "yes",
    headers: ["connection", "host", "x-test"],
    aborted: false,
    isRequest: true,
    bindings: ["incoming", "outgoing"],
  });
});

test("a page's document is written directly, byte for byte as the converting path writes c.html()'s Response", async () => {
  const before = directRuns;
  assertWhole(await same("GET", "/document?tab=1"), "text/html; charset=UTF-8", "<p>ünïcode ✓</p>");
  const missing = await same("GET", "/document/ada");
  assert.equal([missing.status, missing.body], [404, "<p>ada</p>"]);
  const withCookie = await same("GET", "/document-cookie");
  assert.equal([withCookie.headers["set-cookie"], withCookie.body], [["seen=1"], "<p>cookie</p>"]);
  assert.is(directRuns - before, 3);
});

test("a streamed document is written to the socket part by part, as the converting path writes its Response's stream", async () => {
  const before = directRuns;
  const answer = await same("GET", "/streamed");
  assert.equal([answer.status, answer.headers["content-type"], answer.headers["transfer-encoding"], answer.body], [200, "text/html; charset=UTF-8", "chunked", "<p>shell ✓</p><p>ünïcode</p><p>end</p>"]);
  assert.is(directRuns - before, 1);
  const { port } = servers.direct.address() as AddressInfo;
  const started = performance.now();
  const arrivals: { at: number; text: string }[] = [];
  await new Promise<void>((resolve, reject) => {
    httpRequest({ host: "127.0.0.1", port, path: "/streamed" }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (text: string) => arrivals.push({ at: performance.now() - started, text }));
      res.on("end", resolve);
    }).on("error", reject).end();
  });
  assert.is(arrivals[0].text, "<p>shell ✓</p>");
  assert.ok(arrivals[0].at < 100, `the shell arrived at ${arrivals[0].at} ms`);
  assert.is(arrivals.slice(1).map(({ text }) => text).join(""), "<p>ünïcode</p><p>end</p>");
  assert.ok(arrivals[1].at >= 140, `the rest arrived at ${arrivals[1].at} ms`);
});

test("a client that goes away from a streamed document stops it", async () => {
  const { port } = servers.direct.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/streamed-forever" }, (res) => res.once("data", () => (req.destroy(), resolve())));
    req.on("error", () => undefined);
    setTimeout(() => reject(new Error("no shell")), 2000);
    req.end();
  });
  for (let waited = 0; !foreverCancelled && waited < 1000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(foreverCancelled);
});

test("what a direct route answers through a Response: a set status, repeated headers, text, a stream, no content, an error", async () => {
  assert.is((await same("GET", "/api/created")).status, 201);
  assert.equal((await same("GET", "/api/tagged")).headers["set-cookie"], ["a=1", "b=2"]);
  assert.is((await same("GET", "/api/text")).status, 202);
  assert.is((await same("GET", "/api/stream")).body, "ab");
  assert.is((await same("GET", "/api/empty")).status, 204);
  assert.is((await same("GET", "/api/throws")).status, 500);
});

test("what takes the converting path: other methods, HEAD, assets, encoded or dot-segment targets, unusual hosts, no route", async () => {
  const before = directRuns;
  assert.is((await same("POST", "/api/hello")).status, 405);
  assert.is((await same("HEAD", "/api/hello")).status, 200);
  assert.is((await same("GET", "/hello.txt")).body, "hello\n");
  assert.is((await same("GET", "/api/users/%41b")).body, '{"id":"Ab"}');
  assert.is((await same("GET", "/api/x/../hello")).body, '{"message":"hello, world"}');
  assert.is((await same("GET", "/api/request", { host: "LOCALHOST:8080" })).status, 200);
  assert.match((await same("GET", "/api/request", { host: "localhost:80" })).body, '"url":"http://localhost/api/request"');
  assert.is((await same("GET", "/nowhere")).status, 404);
  assert.is(directRuns, before, "none of these ran a route directly");
});

test("a Response a direct route gave is not kept once it is sent, though its request still is", async () => {
  setFlagsFromString("--expose-gc");
  const collect = runInNewContext("gc") as () => void;
  for (let count = 0; count < 3; count++) assert.is((await send(keeping, "GET", "/api/page")).body, "<p>a page</p>");
  assert.is(keptRequests.length, 3);
  assert.is(pageResponses.length, 3);
  // WeakRef targets stay until the job that made them ends.
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  assert.equal(pageResponses.map((ref) => ref.deref() === undefined), [true, true, true]);
});

test.after(async () => {
  for (const server of Object.values(servers)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test.run();
