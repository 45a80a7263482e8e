/**
 * The rules behind `sdk dev`'s hostile-request guards, without a dev server: which request
 * targets reach which files (every spelling), which files are never served, which `/__sdk/`
 * requests are actions, and which action requests a page of another site could have sent.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { crossSiteRefusal } from "../../../cli/dev/cross-site.ts";
import { isAction, sdkEndpoints, workerdTriggersGuard } from "../../../cli/dev/sdk-endpoints.ts";
import { refusedFile, refusedTarget, requestedPaths, servedFilesGuard } from "../../../cli/dev/served-files.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const ROOT = "/home/ada/app";

test("requestedPaths: decoded until stable, dot segments resolved, Vite's prefixes taken off, root-relative and absolute", () => {
  assert.equal(requestedPaths("/.sdk/state/x?raw", ROOT), ["/home/ada/app/.sdk/state/x", "/.sdk/state/x"]);
  assert.equal(requestedPaths("//.sdk/state/x", ROOT), ["/home/ada/app/.sdk/state/x", "/.sdk/state/x"]);
  assert.equal(requestedPaths("/src/../../.sdk/x", ROOT), ["/home/ada/app/.sdk/x", "/.sdk/x"]);
  assert.equal(requestedPaths("/%2e%73dk%2fstate", ROOT)[0], "/home/ada/app/.sdk/state");
  assert.equal(requestedPaths("/%252esdk/state", ROOT)[0], "/home/ada/app/.sdk/state", "decoded twice");
  assert.equal(requestedPaths("/src\\..\\.env", ROOT)[0], "/home/ada/app/.env", "backslashes");
  assert.equal(requestedPaths("/@fs/home/bob/other/.sdk/state/auth-secret?raw", ROOT), ["/home/bob/other/.sdk/state/auth-secret"]);
  assert.equal(requestedPaths("/@id/__x00__/home/ada/app/.env", ROOT), ["/home/ada/app/home/ada/app/.env", "/home/ada/app/.env"]);
  assert.equal(requestedPaths("/bad%zz/.env", ROOT)[0], "/home/ada/app/bad%zz/.env", "an undecodable path is judged as it is");
});

test("refusedFile: secrets wherever they are, in any case", () => {
  const layout = { root: ROOT, sourceDir: "" };
  for (const file of [
    "/home/ada/app/.sdk/state/auth-secret",
    "/home/ada/app/.sdk/state/v3/d1/miniflare-D1DatabaseObject/a.sqlite",
    "/home/bob/other/.sdk/state/v3/d1/x.sqlite",
    "/home/ada/app/.SDK/State/auth-secret",
    "/home/ada/app/.sdk/generated/dev/handler.ts",
    "/home/ada/app/.sdk/generated/dev/wrangler.json",
    "/home/ada/app/.sdk/generated/dev/sub/client.ts",
    "/home/ada/app/.env",
    "/home/ada/app/.env.local",
    "/home/ada/app/.envrc",
    "/home/ada/app/public/.env",
    "/home/ada/app/.dev.vars",
    "/home/ada/app/.dev.vars.staging",
    "/home/ada/app/.git/config",
    "/home/ada/app/.npmrc",
    "/home/ada/app/certs/server.pem",
    "/home/ada/app/certs/server.KEY",
    "/home/ada/app/sdk.lock.json",
    "/home/ada/app/package-lock.json",
    "/home/ada/app/pnpm-lock.yaml",
    "/home/ada/app/yarn.lock",
    "/home/ada/app/bun.lockb",
  ])
    assert.ok(refusedFile(file, layout), file);
  for (const file of ["/home/ada/app/.sdk/generated/dev/client-dev.ts", "/home/ada/app/.sdk/generated/dev/client.ts", "/home/ada/app/.sdk/generated/dev/client", "/home/ada/app/pages/index.tsx", "/home/ada/app/src/util.ts", "/home/ada/app/public/logo.svg", "/home/ada/app/node_modules/sdk/runtime/pages/client/start.js", "/home/ada/app/environment.md"])
    assert.is(refusedFile(file, layout), null, file);
});

test("refusedFile: server-only modules when they exist, under sourceDir when it is set; a URL that reaches no file goes on to the app", () => {
  const root = scratchDir("served-files");
  const files = ["routes/api/x.ts", "db/schema.ts", "crons/tick.ts", "queues/mail.ts", "email/support.ts", "middleware/01.auth.ts", "durable-objects/room.ts", "auth.ts", "env.ts", "pages/guestbook.server.ts", "pages/index.tsx", "src/shared.server.ts", "src/util.ts", "sdk.config.ts", "bundler.config.ts", "app/routes/y.ts", "app/env.ts"];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "export {};\n");
  }
  const atRoot = { root, sourceDir: "" };
  for (const file of ["routes/api/x.ts", "routes/api/x", "db/schema", "crons/tick.ts", "queues/mail.ts", "email/support.ts", "middleware/01.auth.ts", "durable-objects/room.ts", "auth.ts", "env", "pages/guestbook.server.ts", "pages/guestbook.server", "src/shared.server.ts", "sdk.config.ts", "bundler.config.ts"])
    assert.ok(refusedFile(`${root}/${file}`, atRoot), file);
  for (const file of ["pages/index.tsx", "src/util.ts", "routes/api/missing", "db/stats", "app/routes/y.ts", "app/env.ts"]) assert.is(refusedFile(`${root}/${file}`, atRoot), null, file);
  const inApp = { root, sourceDir: "app" };
  for (const file of ["app/routes/y.ts", "app/env.ts"]) assert.ok(refusedFile(`${root}/${file}`, inApp), file);
  assert.is(refusedFile(`${root}/routes/api/x.ts`, inApp), null, "not a convention folder when sourceDir is set");
});

test("refusedTarget: any spelling of a refused file is refused", () => {
  const layout = { root: ROOT, sourceDir: "" };
  for (const target of ["/.sdk/state/auth-secret?raw", "/%2esdk/state/auth-secret", "/.%73dk/state/auth-secret?url", "//.sdk/state/x", "/./pages/../.env?raw", `/@fs${ROOT}/.env.local`, `${ROOT}/sdk.lock.json?import`, "/@id/.sdk/state/x", "/src/..%2f.sdk/state/x"])
    assert.ok(refusedTarget(target, layout), target);
  for (const target of ["/", "/api/hello", "/pages/index.tsx?t=1", "/.sdk/generated/dev/client-dev.ts", "/@vite/client", "/node_modules/.vite/deps/react.js?v=1"]) assert.is(refusedTarget(target, layout), null, target);
});

test("servedFilesGuard: 403 with the reason for every method, the rest passed on; a refused script is reported", () => {
  const reported: string[] = [];
  const guard = servedFilesGuard(() => ({ root: ROOT, sourceDir: "" }), (target) => reported.push(target));
  const run = (method: string, url: string, headers: Record<string, string> = {}) => {
    let status = 0;
    let body = "";
    let passed = false;
    const res = { writeHead: (code: number) => (status = code), end: (text: string) => (body = text) } as unknown as ServerResponse;
    guard({ method, url, headers } as IncomingMessage, res, () => (passed = true));
    return { status, body, passed };
  };
  for (const method of ["GET", "HEAD", "POST"]) assert.is(run(method, "/.sdk/state/auth-secret?raw").status, 403, method);
  assert.match(run("GET", "/.env").body, /never serves secrets \(\.env\*/);
  assert.ok(run("GET", "/api/hello").passed);
  run("GET", "/.env?import", { "sec-fetch-dest": "script" });
  assert.equal(reported, ["/.env?import"]);
});

test("isAction: every method but GET and HEAD, and GET of the scheduled trigger", () => {
  assert.ok(isAction("POST", "/__sdk/scheduled"));
  assert.ok(isAction("GET", "/__sdk/scheduled"));
  assert.ok(isAction("DELETE", "/__sdk/inbox"));
  assert.ok(isAction("POST", "/__sdk/email"));
  assert.not.ok(isAction("GET", "/__sdk/"));
  assert.not.ok(isAction("GET", "/__sdk/inbox"));
  assert.not.ok(isAction("HEAD", "/__sdk/inbox/abc"));
});

test("crossSiteRefusal: what a page of another site makes a browser send is refused; curl, scripts and own pages are not", () => {
  const host = "localhost:5173";
  const refused: [string, Record<string, string>][] = [
    ["POST", { host, origin: "https://evil.example", "content-type": "text/plain" }],
    ["POST", { host, origin: "null" }],
    ["POST", { host, origin: "http://localhost:5174" }],
    ["POST", { host, "sec-fetch-site": "cross-site" }],
    ["POST", { host, "sec-fetch-site": "same-site" }],
    ["POST", { host, "content-type": "application/x-www-form-urlencoded" }],
    ["POST", { host, "content-type": "multipart/form-data; boundary=x" }],
    ["DELETE", { host, "content-type": "Text/Plain;charset=UTF-8" }],
    ["GET", { host, "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" }],
    ["GET", { host, "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" }],
    ["GET", { host, "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe" }],
    ["GET", { host, referer: "https://evil.example/page" }],
    ["GET", { host, origin: "https://evil.example" }],
  ];
  for (const [method, headers] of refused) assert.ok(crossSiteRefusal({ method, headers }), `${method} ${JSON.stringify(headers)}`);
  const allowed: [string, Record<string, string>][] = [
    ["POST", { host }],
    ["GET", { host }],
    ["POST", { host, "content-type": "message/rfc822" }],
    ["POST", { host, "content-type": "application/json" }],
    ["POST", { host, origin: "http://localhost:5173", "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" }],
    ["DELETE", { host: "LOCALHOST:5173", origin: "http://localhost:5173", referer: "http://localhost:5173/__sdk/inbox" }],
    ["GET", { host, "sec-fetch-site": "none", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" }],
    ["GET", { host, "content-type": "text/plain" }],
  ];
  for (const [method, headers] of allowed) assert.is(crossSiteRefusal({ method, headers }), null, `${method} ${JSON.stringify(headers)}`);
});

test("sdkEndpoints: a cross-site action is 403 and fires nothing; a cross-site read of the list is answered", async () => {
  const fired: string[] = [];
  const middleware = sdkEndpoints({ crons: () => [{ file: "crons/a.ts", cron: "0 3 * * *" }], fireScheduled: async (cron) => (fired.push(cron), { cron, ran: ["crons/a.ts"], outcome: "ok" }) });
  const call = (method: string, url: string, headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
    new Promise<{ status: number; body: string } | "next">((resolve, reject) => {
      let status = 0;
      const res = { writeHead: (code: number) => ((status = code), res), end: (body: string) => resolve({ status, body }) } as unknown as ServerResponse;
      middleware({ method, url, headers: { host: "localhost:5173", ...headers }, socket: { remoteAddress } } as unknown as IncomingMessage, res, (error?: unknown) => (error ? reject(error) : resolve("next")));
    });
  const fire = "/__sdk/scheduled?cron=0%203%20*%20*%20*";
  const refused = await call("POST", fire, { origin: "https://evil.example", "content-type": "text/plain" });
  assert.is(refused !== "next" && refused.status, 403);
  assert.match(refused !== "next" ? refused.body : "", /another site/);
  assert.is((await call("GET", fire, { "sec-fetch-site": "cross-site", "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" })) !== "next" && 403, 403);
  assert.equal(fired, []);
  const answered = await call("POST", fire, {});
  assert.is(answered !== "next" && answered.status, 200);
  assert.equal(fired, ["0 3 * * *"]);
  const list = await call("GET", "/__sdk/", { "sec-fetch-site": "cross-site" });
  assert.is(list !== "next" && list.status, 200);
});

test("workerdTriggersGuard: workerd's /cdn-cgi/handler/ triggers go on to the worker only from loopback and never cross-site", async () => {
  const middleware = workerdTriggersGuard();
  const call = (method: string, url: string, headers: Record<string, string>, remoteAddress: string) =>
    new Promise<number | "next">((resolve, reject) => {
      let status = 0;
      const res = { writeHead: (code: number) => ((status = code), res), end: () => resolve(status) } as unknown as ServerResponse;
      middleware({ method, url, headers: { host: "localhost:5173", ...headers }, socket: { remoteAddress } } as unknown as IncomingMessage, res, (error?: unknown) => (error ? reject(error) : resolve("next")));
    });
  const scheduled = "/cdn-cgi/handler/scheduled?cron=*";
  assert.is(await call("GET", scheduled, {}, "192.0.2.7"), 404);
  assert.is(await call("POST", "/cdn-cgi/handler/email?from=a@b.c&to=d@e.f", {}, "192.0.2.7"), 404);
  assert.is(await call("GET", scheduled, { "sec-fetch-site": "cross-site", "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" }, "127.0.0.1"), 403);
  assert.is(await call("POST", "/cdn-cgi/handler/email?from=a@b.c&to=d@e.f", { origin: "https://evil.example", "content-type": "text/plain" }, "127.0.0.1"), 403);
  assert.is(await call("GET", scheduled, { "sec-fetch-mode": "cors" }, "127.0.0.1"), "next", "the dev server's own fetch, as undici sends it");
  assert.is(await call("GET", "/cdn-cgi/other", {}, "192.0.2.7"), "next");
});

test.run();
