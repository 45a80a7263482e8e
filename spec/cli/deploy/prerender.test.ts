/**
 * Deploy-time prerendering against a loopback worker: each deferred path (and a page's navigation
 * JSON) is a plain GET on the version's host, HTML asked for the page, no credentials; the first
 * answer other than 200 stops it and is named with its path, source and status.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { describeFailure, prerenderOnVersion, productionHosts } from "../../../cli/deploy/prerender.ts";

const HOST = "0123abcd-app.acme.workers.dev";
let server: Server;
let origin: string;
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
const answers: Record<string, [number, string]> = {
  "/who": [200, "<p>ada@example.com</p>"],
  "/who/__data.json": [200, '{"email":"ada@example.com"}'],
  "/count": [200, "3"],
  "/broken": [500, "<h1>Internal Server Error</h1>\n<p>try later</p>"],
};

test.before(async () => {
  server = createServer((request, response) => {
    seen.push({ path: request.url!, headers: request.headers });
    const [status, body] = answers[request.url!] ?? [404, "not here"];
    response.writeHead(status, { "content-type": "text/plain" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test.before.each(() => {
  seen.length = 0;
});

const env = () => ({ SDK_WORKERS_DEV_ORIGIN: origin });

test("every path and a page's data are asked of the version's host, HTML for the page, without credentials", async () => {
  const result = await prerenderOnVersion(HOST, [
    { path: "/who", withData: true, source: "pages/who.tsx", reads: ["DB"] },
    { path: "/count", withData: false, source: "sdk.config.ts routing.prerender[0]", reads: ["DB"] },
  ], env());
  assert.equal(result, { rendered: ["/who", "/who/__data.json", "/count"] });
  assert.equal(seen.map((request) => request.path), ["/who", "/who/__data.json", "/count"]);
  assert.ok(seen.every((request) => request.headers.host === HOST));
  assert.is(seen[0].headers.accept, "text/html");
  assert.ok(seen.every((request) => request.headers.cookie === undefined && request.headers.authorization === undefined));
});

test("the first failing path stops the rest and is named with its source and status", async () => {
  const result = await prerenderOnVersion(HOST, [
    { path: "/broken", withData: true, source: "pages/broken.tsx", reads: ["API_KEY"] },
    { path: "/who", withData: true, source: "pages/who.tsx", reads: ["DB"] },
  ], env());
  assert.equal(result.rendered, []);
  assert.equal(result.failure, { path: "/broken", source: "pages/broken.tsx", status: 500, excerpt: "<h1>Internal Server Error</h1>\n<p>try later</p>" });
  assert.equal(seen.map((request) => request.path), ["/broken"]);
  assert.is(describeFailure(result.failure!), "prerendering /broken (pages/broken.tsx) answered HTTP 500: <h1>Internal Server Error</h1> <p>try later</p>");
});

test("a page's data that fails is named by its own path", async () => {
  answers["/who/__data.json"] = [503, ""];
  const result = await prerenderOnVersion(HOST, [{ path: "/who", withData: true, source: "pages/who.tsx", reads: ["DB"] }], env());
  assert.equal(result.rendered, ["/who"]);
  assert.is(describeFailure(result.failure!), "prerendering /who/__data.json (pages/who.tsx) answered HTTP 503");
});

test("no answer at all is a failure too", async () => {
  const result = await prerenderOnVersion(HOST, [{ path: "/who", withData: false, source: "pages/who.tsx", reads: ["DB"] }], { SDK_WORKERS_DEV_ORIGIN: "http://127.0.0.1:1" });
  assert.is(result.failure?.status, 0);
  assert.match(describeFailure(result.failure!), /^prerendering \/who \(pages\/who\.tsx\) got no answer: /);
});

test("production hosts: workers.dev when on, and routes with an exact hostname, once each", () => {
  const routes = [
    { route: { pattern: "shop.example.com/*" } },
    { route: { pattern: "https://Docs.Example.com/guide/*" } },
    { route: { pattern: "*.example.com/*" } },
    { route: { pattern: "api.example.com", custom_domain: true } },
    { route: { pattern: "shop.example.com/cart*" } },
  ];
  assert.equal(productionHosts("app.acme.workers.dev", routes), ["app.acme.workers.dev", "shop.example.com", "docs.example.com", "api.example.com"]);
  assert.equal(productionHosts(undefined, []), []);
});

test.run();
