/**
 * runtime/direct/: which GET requests a server may answer without Hono's dispatch, and what
 * running a route directly gives back (the JSON text of an untouched context's value or a page's
 * document, else a Response).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createApp, type RouteDefinition } from "../../../runtime/app.ts";
import type { DirectAnswer } from "../../../runtime/direct/answer.ts";
import { createDirectDispatch } from "../../../runtime/direct/dispatch.ts";
import { createDirectFetch } from "../../../runtime/direct/fetch.ts";
import { defineHandler, defineMiddleware } from "../../../runtime/index.ts";
import { HtmlDocument } from "../../../runtime/pages/html-document.ts";
import { createAssetTest } from "../../../runtime/static/lookup.ts";
import type { AssetManifest } from "../../../runtime/static/manifest.ts";
import { documentRoute } from "../../helpers/document-route.ts";
import { withoutErrorLog } from "../../helpers/quiet-errors.ts";

const ASSETS: AssetManifest = { "/logo.txt": { file: "logo.txt", type: "text/plain", etag: '"1"', size: 1 } };

const routes: RouteDefinition[] = [
  { pattern: "/api/users/:id", file: "routes/api/users/[id].ts", handlers: { GET: defineHandler((c) => ({ id: c.req.param("id") })), POST: defineHandler(() => ({})) } },
  { pattern: "/api/paired", file: "routes/api/paired.ts", handlers: { GET: defineHandler(() => ({ get: true })), HEAD: defineHandler(() => undefined) } },
  { pattern: "/api/created", file: "routes/api/created.ts", handlers: { GET: defineHandler((c) => (c.status(201), { created: true })) } },
  { pattern: "/api/tagged", file: "routes/api/tagged.ts", handlers: { GET: defineHandler((c) => (c.header("x-tag", "a"), { tagged: true })) } },
  { pattern: "/api/read-res", file: "routes/api/read-res.ts", handlers: { GET: defineHandler((c) => ({ status: c.res.status })) } },
  { pattern: "/api/later", file: "routes/api/later.ts", handlers: { GET: defineHandler(async () => ({ later: true })) } },
  { pattern: "/api/empty", file: "routes/api/empty.ts", handlers: { GET: defineHandler(() => undefined) } },
  { pattern: "/api/text", file: "routes/api/text.ts", handlers: { GET: defineHandler((c) => c.text("plain", 202)) } },
  { pattern: "/api/throws", file: "routes/api/throws.ts", handlers: { GET: defineHandler(() => { throw new Error("boom"); }) } },
  { pattern: "/api/bigint", file: "routes/api/bigint.ts", handlers: { GET: defineHandler(() => ({ n: 1n })) } },
  { pattern: "/:slug", file: "routes/[slug].ts", handlers: { GET: defineHandler((c) => ({ slug: c.req.param("slug") })) } },
];

const app = createApp({ production: true, middleware: [], routes });
const direct = createDirectDispatch(app, createAssetTest(ASSETS));

async function run(path: string): Promise<DirectAnswer> {
  const match = direct.match(path);
  if (match === undefined) throw new Error(`${path} is not answered directly`);
  return direct.run(match, new Request(`http://localhost${path}`), path, {});
}

test("a GET whose only match is a plain route is answered directly; its parameters are read from the match", async () => {
  assert.is(await run("/api/users/42"), '{"id":"42"}');
});

test("paths Hono must dispatch: no route, a GET paired with a HEAD export, and an asset's path", () => {
  assert.is(direct.match("/api/users/42/more"), undefined);
  assert.is(direct.match("/api/paired"), undefined);
  assert.is(direct.match("/logo.txt"), undefined, "an asset shadows the /:slug route");
  assert.ok(direct.match("/about"), "a path that only the /:slug route takes");
});

test("an app with middleware answers nothing directly: the middleware matches every request", () => {
  const withMiddleware = createApp({ production: true, middleware: [{ file: "middleware/log.ts", middleware: defineMiddleware((_c, next) => next()) }], routes });
  assert.is(createDirectDispatch(withMiddleware).match("/api/users/42"), undefined);
});

test("a context whose status, headers or response the handler touched answers through c.json()", async () => {
  const created = (await run("/api/created")) as Response;
  assert.ok(created instanceof Response);
  assert.is(created.status, 201);
  assert.equal(await created.json(), { created: true });
  const tagged = (await run("/api/tagged")) as Response;
  assert.is(tagged.headers.get("x-tag"), "a");
  assert.ok((await run("/api/read-res")) instanceof Response);
});

test("a promise is awaited; undefined is a 204; a returned Response is given back as it is", async () => {
  assert.is(await run("/api/later"), '{"later":true}');
  assert.is(((await run("/api/empty")) as Response).status, 204);
  const text = (await run("/api/text")) as Response;
  assert.is(text.status, 202);
  assert.is(await text.text(), "plain");
});

test("a handler that throws, or returns what JSON cannot hold, is the app's 500", async () => {
  for (const path of ["/api/throws", "/api/bigint"]) {
    const answer = (await withoutErrorLog(() => run(path))) as Response;
    assert.is(answer.status, 500, path);
    assert.equal(await answer.json(), { error: "Internal Server Error" }, path);
  }
});

/** Handlers that use more of the Context than `c.req`, each answered directly and through Hono's dispatch. */
const contextRoutes: RouteDefinition[] = [
  { pattern: "/destructured", file: "routes/destructured.ts", handlers: { GET: defineHandler(({ json }) => json({ destructured: true }, 201)) } },
  { pattern: "/variables", file: "routes/variables.ts", handlers: { GET: defineHandler((c) => (c.set("tenant", "ada"), { tenant: c.get("tenant"), fromVar: c.var.tenant, finalized: c.finalized })) } },
  { pattern: "/no-variables", file: "routes/no-variables.ts", handlers: { GET: defineHandler((c) => ({ tenant: c.get("tenant") ?? null, vars: c.var })) } },
  { pattern: "/header-then-throw", file: "routes/header-then-throw.ts", handlers: { GET: defineHandler((c) => { c.header("x-trace", "t1"); throw new Error("boom"); }) } },
  { pattern: "/status-destructured", file: "routes/status-destructured.ts", handlers: { GET: defineHandler(({ status }) => (status(202), { accepted: true })) } },
  { pattern: "/redirect", file: "routes/redirect.ts", handlers: { GET: defineHandler((c) => c.redirect("/elsewhere", 301)) } },
  { pattern: "/query/:name", file: "routes/query/[name].ts", handlers: { GET: defineHandler((c) => ({ name: c.req.param("name"), q: c.req.query("q"), path: c.req.path, env: c.env })) } },
  { pattern: "/not-found", file: "routes/not-found.ts", handlers: { GET: defineHandler((c) => c.notFound()) } },
  { pattern: "/replaced", file: "routes/replaced.ts", handlers: { GET: defineHandler((c) => { c.res = new Response("replaced", { status: 203 }); return { ignored: true }; }) } },
  documentRoute("/document", "pages/document.tsx", (c) => ({ html: `<p>${c.get("headDefaults") ?? "no defaults"} ✓</p>`, status: 200 })),
  documentRoute("/document-touched", "pages/document-touched.tsx", (c) => (c.header("x-trace", "t2"), { html: "<p>invalid</p>", status: 422 })),
];

const contextApp = createApp({ production: true, middleware: [], routes: contextRoutes });
const contextDirect = createDirectDispatch(contextApp);

/** The answer as the node server sends it: JSON text with the type c.json() gives it, a document with c.html()'s. */
async function directResponse(path: string, env: object): Promise<Response> {
  const pathOnly = path.split("?")[0];
  const match = contextDirect.match(pathOnly);
  if (match === undefined) throw new Error(`${path} is not answered directly`);
  const answer = await contextDirect.run(match, new Request(`http://localhost${path}`), pathOnly, env);
  if (typeof answer === "string") return new Response(answer, { headers: { "Content-Type": "application/json" } });
  return answer instanceof Response ? answer : answer.toResponse();
}

async function described(response: Response) {
  return { status: response.status, type: response.headers.get("content-type"), location: response.headers.get("location"), trace: response.headers.get("x-trace"), body: await response.text() };
}

test("every member of Hono's Context works on the direct path as it does in Hono's dispatch, destructured methods too", async () => {
  const env = { REGION: "eu" };
  for (const path of ["/destructured", "/variables", "/no-variables", "/header-then-throw", "/status-destructured", "/redirect", "/query/ada?q=1", "/not-found", "/replaced", "/document", "/document-touched"]) {
    const direct = await withoutErrorLog(() => directResponse(path, env));
    const dispatched = await withoutErrorLog(async () => contextApp.fetch(new Request(`http://localhost${path}`), env));
    assert.equal(await described(direct), await described(dispatched), path);
  }
});

test("servers given a web Request (bun, deno) answer plain routes directly, with the Response Hono's dispatch gives", async () => {
  const fetchDirectly = createDirectFetch(contextApp, createDirectDispatch(contextApp));
  const env = { REGION: "eu" };
  for (const path of ["/destructured", "/variables", "/header-then-throw", "/query/ada?q=1", "/query/a%20b", "/not-found", "/document", "/document-touched"]) {
    const request = () => new Request(`http://localhost${path}`);
    const direct = await withoutErrorLog(async () => fetchDirectly(request(), env));
    assert.ok(direct, `${path} is answered directly`);
    const dispatched = await withoutErrorLog(async () => contextApp.fetch(request(), env));
    assert.equal(await described(direct), await described(dispatched), path);
  }
  assert.is(fetchDirectly(new Request("http://localhost/variables", { method: "POST" }), env), null, "only GET");
  assert.is(fetchDirectly(new Request("http://localhost/nowhere/at/all"), env), null, "no route: Hono's 404");
});

test("a handler that reads only its request leaves the context untouched: its value is written as text", async () => {
  const answer = await contextDirect.run(contextDirect.match("/query/ada")!, new Request("http://localhost/query/ada?q=2"), "/query/ada", { REGION: "eu" });
  assert.is(answer, '{"name":"ada","q":"2","path":"/query/ada","env":{"REGION":"eu"}}');
});

test("a page's document from an untouched context is given back as it is, for the server to write; a touched one is c.html()'s Response", async () => {
  const untouched = await contextDirect.run(contextDirect.match("/document")!, new Request("http://localhost/document"), "/document", {});
  assert.ok(untouched instanceof HtmlDocument);
  assert.equal({ ...untouched }, { html: "<p>no defaults ✓</p>", status: 200 });
  const touched = await contextDirect.run(contextDirect.match("/document-touched")!, new Request("http://localhost/document-touched"), "/document-touched", {});
  assert.ok(touched instanceof Response);
  assert.equal(await described(touched), { status: 422, type: "text/html; charset=UTF-8", location: null, trace: "t2", body: "<p>invalid</p>" });
});

test("a route's own direct answer that throws is the app's 500, as a handler's throw is, not an error out of the server", async () => {
  const broken: RouteDefinition = {
    pattern: "/broken",
    file: "pages/broken.tsx",
    handlers: { GET: defineHandler((c) => c.html("<p>fine</p>")) },
    directAnswer: () => {
      throw new Error("boom");
    },
  };
  const withBroken = createDirectDispatch(createApp({ production: true, middleware: [], routes: [broken] }));
  const answer = (await withoutErrorLog(async () => withBroken.run(withBroken.match("/broken")!, new Request("http://localhost/broken"), "/broken", {}))) as Response;
  assert.is(answer.status, 500);
  assert.equal(await answer.json(), { error: "Internal Server Error" });
});

test.run();
