import { test } from "uvu";
import * as assert from "uvu/assert";
import { HTTPException } from "hono/http-exception";
import type { Context } from "hono";
import { createApp, createAppWithoutBodies, type AppOptions, type RouteDefinition } from "../../runtime/app.ts";
import { defineHandler, defineMiddleware, type Handler } from "../../runtime/index.ts";

function route(pattern: string, handlers: RouteDefinition["handlers"], file = `routes${pattern}.ts`): RouteDefinition {
  return { pattern, file, handlers };
}

function app(routes: RouteDefinition[], extra: Partial<AppOptions> = {}) {
  return createApp({ production: true, middleware: [], routes, ...extra });
}

/** Runs `fn` with console.error captured, returning what it printed. */
async function captureErrors(fn: () => Promise<void>): Promise<string> {
  const original = console.error;
  let printed = "";
  console.error = (...args: unknown[]) => {
    printed += args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" ") + "\n";
  };
  try {
    await fn();
  } finally {
    console.error = original;
  }
  return printed;
}

test("a plain return value is sent as JSON", async () => {
  const res = await app([route("/api/users/:id", { GET: defineHandler((c) => ({ id: c.req.param("id") })) })]).request("/api/users/42");
  assert.is(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", "application/json");
  assert.equal(await res.json(), { id: "42" });
});

test("a returned thenable (a Drizzle query) is awaited and its value sent as JSON; its rejection is a 500", async () => {
  // Drizzle's queries are lazy thenables, not Promise instances: `return db.select().from(posts)`.
  const query = (value: unknown, fail = false) => ({ then: (ok: (v: unknown) => void, ko: (e: unknown) => void) => (fail ? ko(new Error("no such table")) : ok(value)) });
  const answered = await app([route("/posts", { GET: defineHandler(() => query([{ id: 1 }])) })]).request("/posts");
  assert.is(answered.status, 200);
  assert.equal(await answered.json(), [{ id: 1 }]);
  const failed = await captureErrors(async () => {
    const res = await app([route("/posts", { GET: defineHandler(() => query(null, true)) })]).request("/posts");
    assert.is(res.status, 500);
  });
  assert.match(failed, "no such table");
});

test("a returned Response passes through untouched", async () => {
  const handler = defineHandler(() => new Response("teapot", { status: 418, headers: { "X-Kind": "tea" } }));
  const res = await app([route("/tea", { GET: handler })]).request("/tea");
  assert.is(res.status, 418);
  assert.is(res.headers.get("x-kind"), "tea");
  assert.is(await res.text(), "teapot");
});

test("undefined becomes 204 with an empty body", async () => {
  const res = await app([route("/api/items/:id", { DELETE: defineHandler(() => undefined) })]).request("/api/items/1", { method: "DELETE" });
  assert.is(res.status, 204);
  assert.is(await res.text(), "");
});

test("null and strings are JSON too", async () => {
  const target = app([route("/null", { GET: defineHandler(() => null) }), route("/text", { GET: defineHandler(() => "hi") })]);
  assert.is(await (await target.request("/null")).text(), "null");
  assert.is(await (await target.request("/text")).text(), '"hi"');
});

test("a thrown error in production hides message and stack but logs the route file", async () => {
  const boom = defineHandler(() => {
    throw new Error("database password is hunter2");
  });
  let res!: Response;
  const logged = await captureErrors(async () => {
    res = await app([route("/boom", { GET: boom }, "routes/boom.ts")]).request("/boom");
  });
  assert.is(res.status, 500);
  assert.equal(await res.json(), { error: "Internal Server Error" });
  assert.match(logged, "GET routes/boom.ts");
  assert.match(logged, "hunter2");
});

test("a thrown error in development shows message and stack", async () => {
  const boom = defineHandler(async () => {
    throw new Error("kaput");
  });
  let body: { error?: string; stack?: string } = {};
  await captureErrors(async () => {
    const res = await app([route("/boom", { GET: boom })], { production: false }).request("/boom");
    assert.is(res.status, 500);
    body = (await res.json()) as typeof body;
  });
  assert.is(body.error, "kaput");
  assert.match(body.stack ?? "", "Error: kaput");
});

test("a thrown non-Error value is still a 500 JSON answer", async () => {
  const boom = defineHandler(() => {
    throw "just a string";
  });
  await captureErrors(async () => {
    const res = await app([route("/boom", { GET: boom })], { production: false }).request("/boom");
    assert.is(res.status, 500);
    assert.equal(await res.json(), { error: "just a string" });
  });
});

test("an HTTPException keeps its status, as in plain Hono", async () => {
  const denied = defineHandler(() => {
    throw new HTTPException(401, { message: "sign in first" });
  });
  const logged = await captureErrors(async () => {
    const res = await app([route("/private", { GET: denied })]).request("/private");
    assert.is(res.status, 401);
    assert.is(await res.text(), "sign in first");
  });
  assert.is(logged, "");
});

test("an unknown path is a JSON 404", async () => {
  const res = await app([route("/a", { GET: defineHandler(() => 1) })]).request("/nope");
  assert.is(res.status, 404);
  assert.equal(await res.json(), { error: "Not Found" });
});

test("a known path with another method is a 405 listing the allowed methods", async () => {
  const target = app([
    route("/api/users/:id", { GET: defineHandler(() => 1), DELETE: defineHandler(() => undefined) }),
    route("/api/:rest{.+}", { POST: defineHandler(() => 2) }),
  ]);
  const res = await target.request("/api/users/1", { method: "PUT" });
  assert.is(res.status, 405);
  assert.equal(await res.json(), { error: "Method Not Allowed" });
  assert.is(res.headers.get("allow"), "GET, DELETE, HEAD, POST");
  const handledByCatchAll = await target.request("/api/users/1", { method: "POST" });
  assert.is(await handledByCatchAll.json(), 2);
});

test("HEAD on a GET route answers with the GET headers and no body", async () => {
  const target = app([route("/thing", { GET: defineHandler((c) => c.json({ big: "x".repeat(100) }, 200, { "X-From": "get" })) })]);
  const res = await target.request("/thing", { method: "HEAD" });
  assert.is(res.status, 200);
  assert.is(res.headers.get("x-from"), "get");
  assert.is(await res.text(), "");
});

test("an exported HEAD handler wins over GET for HEAD requests", async () => {
  const target = app([
    route("/both", { GET: defineHandler(() => "get"), HEAD: defineHandler((c) => c.body(null, 200, { "X-From": "head" })) }),
    route("/head-only", { HEAD: defineHandler((c) => c.body(null, 200, { "X-From": "head" })) }),
  ]);
  assert.is((await target.request("/both", { method: "HEAD" })).headers.get("x-from"), "head");
  assert.is(await (await target.request("/both")).json(), "get");
  assert.is((await target.request("/head-only", { method: "HEAD" })).headers.get("x-from"), "head");
  const getOnHeadOnly = await target.request("/head-only");
  assert.is(getOnHeadOnly.status, 405);
  assert.is(getOnHeadOnly.headers.get("allow"), "HEAD");
});

test("middleware runs in the given order around the route, also for 404s", async () => {
  const order: string[] = [];
  const tag = (name: string) =>
    defineMiddleware(async (c, next) => {
      order.push(`${name}:before`);
      await next();
      order.push(`${name}:after`);
      c.header("X-Last-Middleware", name);
    });
  const target = app([route("/hello", { GET: defineHandler(() => (order.push("handler"), "hi")) })], {
    middleware: [
      { file: "middleware/01.first.ts", middleware: tag("first") },
      { file: "middleware/02.second.ts", middleware: tag("second") },
    ],
  });
  const res = await target.request("/hello");
  assert.equal(order, ["first:before", "second:before", "handler", "second:after", "first:after"]);
  assert.is(res.headers.get("x-last-middleware"), "first");
  order.length = 0;
  assert.is((await target.request("/missing")).status, 404);
  assert.equal(order, ["first:before", "second:before", "second:after", "first:after"]);
});

test("middleware can answer early and its errors name the middleware file", async () => {
  const deny = defineMiddleware(async (c, next) => (c.req.header("x-key") === "ok" ? next() : c.json({ error: "no key" }, 403)));
  const target = app([route("/x", { GET: defineHandler(() => "x") })], { middleware: [{ file: "middleware/01.auth.ts", middleware: deny }] });
  assert.is((await target.request("/x")).status, 403);
  assert.is((await target.request("/x", { headers: { "x-key": "ok" } })).status, 200);

  const broken = defineMiddleware(async () => {
    throw new Error("middleware broke");
  });
  const logged = await captureErrors(async () => {
    const res = await app([], { middleware: [{ file: "middleware/02.broken.ts", middleware: broken }] }).request("/x");
    assert.is(res.status, 500);
    assert.equal(await res.json(), { error: "Internal Server Error" });
  });
  assert.match(logged, "middleware/02.broken.ts");
});

test("params and catch-all patterns", async () => {
  const target = app([
    route("/api/files/:slug{.+}", { GET: defineHandler((c) => ({ slug: c.req.param("slug") })) }),
    route("/api/users/:id/posts/:post", { GET: defineHandler((c) => c.req.param()) }),
  ]);
  assert.equal(await (await target.request("/api/files/a/b/c.txt")).json(), { slug: "a/b/c.txt" });
  assert.equal(await (await target.request("/api/users/7/posts/9")).json(), { id: "7", post: "9" });
  assert.is((await target.request("/api/files/")).status, 404);
});

test("routes are tried in the given (most specific first) order", async () => {
  const target = app([
    route("/api/users/me", { GET: defineHandler(() => "static") }),
    route("/api/users/:id", { GET: defineHandler(() => "param") }),
    route("/api/:rest{.+}", { GET: defineHandler(() => "catch-all") }),
  ]);
  assert.is(await (await target.request("/api/users/me")).json(), "static");
  assert.is(await (await target.request("/api/users/5")).json(), "param");
  assert.is(await (await target.request("/api/other/deep/path")).json(), "catch-all");
});

test("a handler that is not a defineHandler() result fails at createApp with file and export", () => {
  const plain = (() => "hi") as unknown as Handler<unknown>;
  assert.throws(
    () => app([route("/x", { POST: plain }, "routes/api/x.ts")]),
    (error: Error) => error.message.includes("routes/api/x.ts") && error.message.includes('export "POST"') && error.message.includes("defineHandler"),
  );
  const missing = undefined as unknown as Handler<unknown>;
  assert.throws(() => app([route("/y", { GET: missing }, "routes/y.ts")]), /routes\/y\.ts: export "GET" is not a defineHandler\(\) result \(got undefined\)/);
});

test("a middleware that is not a defineMiddleware() result fails at createApp", () => {
  const plain = (async () => undefined) as unknown as ReturnType<typeof defineMiddleware>;
  assert.throws(
    () => app([], { middleware: [{ file: "middleware/01.log.ts", middleware: plain }] }),
    /middleware\/01\.log\.ts: the default export is not a defineMiddleware\(\) result \(got a plain function\)/,
  );
});

test("a synchronous handler is answered without a promise; async ones and both error paths still work", async () => {
  const quiet = console.error;
  console.error = () => {};
  try {
    const app = createApp({
      production: true,
      middleware: [],
      routes: [
        { pattern: "/sync", file: "routes/sync.ts", handlers: { GET: defineHandler(() => ({ sync: true })) } },
        { pattern: "/async", file: "routes/async.ts", handlers: { GET: defineHandler(async () => ({ async: true })) } },
        { pattern: "/throws", file: "routes/throws.ts", handlers: { GET: defineHandler(() => { throw new Error("x"); }) } },
        { pattern: "/rejects", file: "routes/rejects.ts", handlers: { GET: defineHandler(async () => { throw new Error("y"); }) } },
      ],
    });
    const sync = app.fetch(new Request("http://x/sync"));
    assert.ok(sync instanceof Response, "no promise for a synchronous handler");
    assert.equal(await sync.json(), { sync: true });
    assert.equal(await (await app.fetch(new Request("http://x/async"))).json(), { async: true });
    assert.is((await app.fetch(new Request("http://x/throws"))).status, 500);
    assert.is((await app.fetch(new Request("http://x/rejects"))).status, 500);
  } finally {
    console.error = quiet;
  }
});

test("the no-route mark is added only for apps whose routing rules need it", async () => {
  const routes: RouteDefinition[] = [{ pattern: "/a", file: "routes/a.ts", handlers: { GET: defineHandler(() => "a") } }];
  const plain = await createApp({ production: true, middleware: [], routes }).request("/missing");
  assert.is(plain.headers.get("x-sdk-unmatched"), null);
  const marked = await createApp({ production: true, middleware: [], routes, markUnmatched: true }).request("/missing");
  assert.is(marked.status, 404);
  assert.is(marked.headers.get("x-sdk-unmatched"), "1");
});

test("notFoundPage's page is the 404 of a path no route answers where it gives one; elsewhere the JSON 404", async () => {
  const notFoundPage = (c: Context) => (c.req.header("accept") === "text/html" ? Promise.resolve(new Response("<h1>No page here</h1>", { status: 404, headers: { "Content-Type": "text/html" } })) : undefined);
  const server = app([route("/api/hello", { GET: defineHandler(() => ({ ok: true })) })], { notFoundPage, markUnmatched: true });
  const html = await server.request("/missing", { headers: { Accept: "text/html" } });
  assert.is(html.status, 404);
  assert.is(await html.text(), "<h1>No page here</h1>");
  assert.is(html.headers.get("x-sdk-unmatched"), "1", "routing rules still see the app's own no-route answer");
  const json = await server.request("/missing");
  assert.is(json.status, 404);
  assert.equal(await json.json(), { error: "Not Found" });
});

test("createAppWithoutBodies answers as createApp does, except that it tells no malformed body from the app's own error", async () => {
  const routes = [
    route("/api/hello", { GET: defineHandler(() => ({ hello: true })), HEAD: defineHandler(() => undefined) }),
    route("/api/throws", { GET: defineHandler(() => { throw new Error("boom"); }) }),
    route("/api/reads", { GET: defineHandler(async (c) => c.req.json()) }),
  ];
  const full = createApp({ production: true, middleware: [], routes });
  const lean = createAppWithoutBodies({ production: true, middleware: [], routes });
  for (const app of [full, lean]) {
    const hello = await app.request("/api/hello");
    assert.equal([hello.status, await hello.json()], [200, { hello: true }]);
    assert.is((await app.request("/api/hello", { method: "HEAD" })).status, 204);
    const post = await app.request("/api/hello", { method: "POST", body: "{" });
    assert.equal([post.status, post.headers.get("allow")], [405, "GET, HEAD"]);
    const printed = await captureErrors(async () => {
      const thrown = await app.request("/api/throws");
      assert.equal([thrown.status, await thrown.json()], [500, { error: "Internal Server Error" }]);
    });
    assert.match(printed, "GET routes/api/throws.ts threw");
  }
  // A GET has no body: reading one is the route's own error, as on the direct path.
  await captureErrors(async () => assert.is((await lean.request("/api/reads")).status, 500));
  assert.throws(() => createAppWithoutBodies({ production: true, middleware: [], routes: [route("/x", { GET: (() => 1) as never })] }), /routes\/x\.ts: export "GET" is not a defineHandler\(\) result/);
});

test.run();
