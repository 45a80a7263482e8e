/**
 * One list of HTTP assertions about the e2e-api fixture, run unchanged against the app built for
 * every target (node, bun, deno, edge in workerd), the standalone copy and the ejected app.
 */
import * as assert from "uvu/assert";
import { request, type RawRequest, type RawResponse } from "./http.js";

export interface Case {
  name: string;
  request: RawRequest;
  check: (res: RawResponse) => void;
}

/** The string thrown by routes/api/boom.ts and present in the server bundle: it must never be sent. */
const SECRET = "hunter2";

const json = (res: RawResponse) => JSON.parse(res.body) as unknown;

function expectJson(status: number, body: unknown) {
  return (res: RawResponse) => {
    assert.is(res.status, status, res.body);
    assert.ok(String(res.headers["content-type"]).startsWith("application/json"), String(res.headers["content-type"]));
    assert.equal(json(res), body);
  };
}

const TRAVERSALS = [
  "/../server/index.mjs",
  "/%2e%2e/server/index.mjs",
  "/%2E%2E/%2E%2E/server/index.mjs",
  "/..%2fserver%2findex.mjs",
  "/%2e%2e%2fserver%2findex.mjs",
  "/docs/..%2f..%2fserver%2findex.mjs",
  "/..\\server\\index.mjs",
  "/%5c..%5cserver%5cindex.mjs",
  "/index.html%00.json",
  "/data/%2e%2e/%2e%2e/server/index.mjs",
];

export const cases: Case[] = [
  { name: "GET a static route returns JSON", request: { path: "/api/hello" }, check: expectJson(200, { message: "hello, world" }) },
  {
    name: "middleware runs in numeric-prefix order on every request",
    request: { path: "/api/hello" },
    check: (res) => {
      assert.is(res.headers["x-middleware"], "10.tenth, 2.second, 01.first");
      assert.is(res.headers["x-request-path"], "/api/hello");
    },
  },
  { name: "index file answers at its folder", request: { path: "/api/users" }, check: expectJson(200, [{ id: "1" }, { id: "2" }]) },
  {
    name: "POST reads a JSON body",
    request: { method: "POST", path: "/api/users", headers: { "content-type": "application/json" }, body: '{"name":"ada"}' },
    check: expectJson(201, { created: "ada" }),
  },
  {
    name: "a JSON body that does not parse is the client's 400, not a 500",
    request: { method: "POST", path: "/api/users", headers: { "content-type": "application/json" }, body: '{"name":' },
    check: expectJson(400, { error: "Malformed JSON in request body" }),
  },
  { name: "[id] is a route parameter", request: { path: "/api/users/42" }, check: expectJson(200, { id: "42" }) },
  { name: "static beats param", request: { path: "/api/users/me" }, check: expectJson(200, { id: "me", static: true }) },
  {
    name: "undefined return is 204",
    request: { method: "DELETE", path: "/api/users/42" },
    check: (res) => {
      assert.is(res.status, 204);
      assert.is(res.body, "");
    },
  },
  {
    name: "a method the file does not export is not routed",
    request: { method: "PUT", path: "/api/users/42" },
    check: (res) => {
      expectJson(405, { error: "Method Not Allowed" })(res);
      assert.is(res.headers.allow, "GET, DELETE, HEAD");
    },
  },
  { name: "[...path] catches the rest", request: { path: "/api/files/a/b/c.txt" }, check: expectJson(200, { path: "a/b/c.txt" }) },
  { name: "(group) folders leave the URL", request: { path: "/api/admin/stats" }, check: expectJson(200, { group: "admin" }) },
  { name: "_ files are not routes", request: { path: "/api/_helpers" }, check: expectJson(404, { error: "Not Found" }) },
  { name: ".dev.ts files are left out of production", request: { path: "/api/debug" }, check: expectJson(404, { error: "Not Found" }) },
  { name: ".prod.ts files are in production", request: { path: "/api/mode" }, check: expectJson(200, { mode: "production" }) },
  { name: "no route is a JSON 404", request: { path: "/api/nope" }, check: expectJson(404, { error: "Not Found" }) },
  {
    name: "a thrown error is a 500 that shows nothing of the error",
    request: { path: "/api/boom" },
    check: (res) => {
      expectJson(500, { error: "Internal Server Error" })(res);
      assert.not.ok(res.body.includes(SECRET));
    },
  },
  {
    name: "a returned Response is sent as-is",
    request: { path: "/api/text" },
    check: (res) => {
      assert.is(res.status, 200);
      assert.is(res.body, "plain text");
      assert.is(res.headers["content-type"], "text/plain; charset=utf-8");
    },
  },
  {
    name: "public/index.html answers at /",
    request: { path: "/" },
    check: (res) => {
      assert.is(res.status, 200);
      assert.ok(String(res.headers["content-type"]).startsWith("text/html"));
      assert.ok(res.body.includes("e2e home"));
    },
  },
  {
    name: "a folder's index.html answers at the folder",
    request: { path: "/docs/" },
    check: (res) => {
      assert.is(res.status, 200);
      assert.ok(res.body.includes("<h1>docs</h1>"));
    },
  },
  {
    name: "nested public files keep their content type",
    request: { path: "/data/info.json" },
    check: (res) => {
      assert.is(res.status, 200);
      assert.ok(String(res.headers["content-type"]).startsWith("application/json"));
      assert.equal(json(res), { asset: true });
    },
  },
  {
    name: "assets carry an ETag and a content type",
    request: { path: "/logo.svg" },
    check: (res) => {
      assert.is(res.status, 200);
      assert.ok(String(res.headers["content-type"]).startsWith("image/svg+xml"));
      assert.ok(res.headers.etag, "etag header");
    },
  },
  ...TRAVERSALS.map<Case>((path) => ({
    name: `traversal attempt ${path} is refused`,
    request: { path },
    check: (res) => {
      assert.ok(res.status === 400 || res.status === 404, `${path}: status ${res.status}`);
      assert.not.ok(res.body.includes(SECRET), `${path} leaked the server bundle`);
    },
  })),
];

/** Runs every case; collects all failures so one run shows everything that differs on a target. */
export async function runCases(baseUrl: string, list: readonly Case[] = cases): Promise<string[]> {
  const failures: string[] = [];
  for (const c of list) {
    try {
      c.check(await request(baseUrl, c.request));
    } catch (cause) {
      failures.push(`${c.name}: ${(cause as Error).message}`);
    }
  }
  return failures;
}

/** Every case of the e2e-api list, then the ETag round trip. */
export async function assertEveryCase(baseUrl: string): Promise<void> {
  const failures = await runCases(baseUrl);
  assert.equal(failures, [], failures.join("\n"));
  await checkConditionalGet(baseUrl);
}

/** An ETag round trip: the second request with If-None-Match is a 304 with no body. */
export async function checkConditionalGet(baseUrl: string): Promise<void> {
  const first = await request(baseUrl, { path: "/logo.svg" });
  const etag = String(first.headers.etag);
  const second = await request(baseUrl, { path: "/logo.svg", headers: { "if-none-match": etag } });
  assert.is(second.status, 304);
  assert.is(second.body, "");
}
