/**
 * The release's check: a version that does not answer `/` is asked for nothing else; one that
 * answers renders each deferred path, and a path that fails makes the version not ready.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readyAndPrerendered } from "../../../cli/deploy/ready-and-prerendered.ts";

let server: Server;
let origin: string;
const asked: string[] = [];
let rootStatus = 200;

test.before(async () => {
  server = createServer((request, response) => {
    asked.push(request.url!);
    const status = request.url === "/" ? rootStatus : request.url === "/who" ? 200 : 500;
    response.writeHead(status).end(request.url === "/broken" ? "Internal Server Error" : "ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test.before.each(() => {
  asked.length = 0;
  rootStatus = 200;
});

const options = () => ({ attempts: 1, intervalMs: 1, env: { SDK_WORKERS_DEV_ORIGIN: origin } });
const job = (path: string) => ({ path, withData: false, source: `pages${path}.tsx`, reads: ["DB"] });

test("ready, then every deferred path renders: ready, with what was rendered", async () => {
  const result = await readyAndPrerendered("v-app.acme.workers.dev", [job("/who")], options());
  assert.is(result.ready, true);
  assert.equal(result.prerender, { rendered: ["/who"] });
  assert.equal(asked, ["/", "/who"]);
});

test("a deferred path that fails makes the version not ready and is named", async () => {
  const result = await readyAndPrerendered("v-app.acme.workers.dev", [job("/broken"), job("/who")], options());
  assert.is(result.ready, false);
  assert.equal(result.prerender?.failure, { path: "/broken", source: "pages/broken.tsx", status: 500, excerpt: "Internal Server Error" });
  assert.equal(asked, ["/", "/broken"]);
});

test("a version that does not answer / renders nothing", async () => {
  rootStatus = 503;
  const result = await readyAndPrerendered("v-app.acme.workers.dev", [job("/who")], options());
  assert.is(result.ready, false);
  assert.is(result.prerender, undefined);
  assert.equal(asked, ["/"]);
});

test("nothing deferred: the readiness check alone", async () => {
  const result = await readyAndPrerendered("v-app.acme.workers.dev", [], options());
  assert.is(result.ready, true);
  assert.is(result.prerender, undefined);
});

test.run();
