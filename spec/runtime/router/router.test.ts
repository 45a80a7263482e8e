import { test } from "uvu";
import * as assert from "uvu/assert";
import { UnsupportedPathError, type Result } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import { createApp, type AppOptions, type MiddlewareDefinition, type RouteDefinition } from "../../../runtime/app.ts";
import { defineHandler, defineMiddleware, type Handler } from "../../../runtime/index.ts";
import { SegmentTrieRouter } from "../../../runtime/router/router.ts";

type Methods = Record<string, Handler<unknown>>;
type RequestCase = string | { method: string; path: string };

/** Every handler answers with its route, method and decoded parameters, so a wrong match shows. */
function answer(route: string, method: string): Handler<unknown> {
  return defineHandler((c) => ({ route, method, params: c.req.param() }));
}

function route(pattern: string, methods: readonly string[] = ["GET"]): RouteDefinition {
  const handlers: Methods = {};
  for (const method of methods) handlers[method] = answer(pattern, method);
  return { pattern, file: `routes${pattern}.ts`, handlers };
}

/** Appends its name to `x-order` before the route runs, so order and presence show in the response. */
function tracer(name: string): MiddlewareDefinition {
  return {
    file: `middleware/${name}.ts`,
    middleware: defineMiddleware(async (c, next) => {
      c.header("x-order", name, { append: true });
      await next();
    }),
  };
}

type AppRouter = AppOptions["router"];

function build(routes: RouteDefinition[], middleware: MiddlewareDefinition[], router: AppRouter) {
  return createApp({ production: true, routes, middleware, router });
}

interface Snapshot {
  status: number;
  /** Parsed when JSON: RegExpRouter lists parameters in reverse, which is no difference. */
  body: unknown;
  allow: string | null;
  order: string | null;
}

async function snapshot(app: ReturnType<typeof createApp>, request: RequestCase): Promise<Snapshot> {
  const { method, path } = typeof request === "string" ? { method: "GET", path: request } : request;
  const res = await app.request(path, { method });
  const text = await res.text();
  const body = text !== "" && res.headers.get("content-type")?.startsWith("application/json") ? JSON.parse(text) : text;
  return { status: res.status, body, allow: res.headers.get("allow"), order: res.headers.get("x-order") };
}

/**
 * Builds the routes with our router, Hono's TrieRouter and, when it accepts the set, Hono's
 * RegExpRouter, and asserts every request gets the same answer. RegExpRouter refuses any set
 * where a static segment and a parameter share a position; Hono's default SmartRouter then falls
 * back to TrieRouter, which is what our apps ran on before. Returns our answers.
 */
async function assertParity(
  routes: RouteDefinition[],
  requests: RequestCase[],
  options: { regExp: boolean; middleware?: MiddlewareDefinition[] },
): Promise<Snapshot[]> {
  const middleware = options.middleware ?? [];
  const ours = build(routes, middleware, new SegmentTrieRouter());
  const references = [{ name: "TrieRouter", app: build(routes, middleware, new TrieRouter()) }];
  try {
    references.push({ name: "RegExpRouter", app: build(routes, middleware, new RegExpRouter()) });
    assert.ok(options.regExp, "RegExpRouter accepted a route set expected to be refused");
  } catch (error) {
    if (!(error instanceof UnsupportedPathError)) throw error;
    assert.not.ok(options.regExp, "RegExpRouter refused a route set expected to be accepted");
  }
  const answers: Snapshot[] = [];
  for (const request of requests) {
    const actual = await snapshot(ours, request);
    for (const reference of references) {
      assert.equal(actual, await snapshot(reference.app, request), `${JSON.stringify(request)} vs ${reference.name}`);
    }
    answers.push(actual);
  }
  return answers;
}

const json = (snapshot: Snapshot) => snapshot.body as { route: string; method: string; params: Record<string, string> };

test("static, param and catch-all routes answer like RegExpRouter when it accepts them", async () => {
  const routes = [route("/"), route("/r1"), route("/api/hello"), route("/p1/:id"), route("/p2/:a/x/:b"), route("/files/:slug{.+}")];
  const answers = await assertParity(routes, [
    "/", "/r1", "/api/hello", "/p1/42", "/p2/1/x/2", "/p2/1/y/2",
    "/files/a", "/files/a/b/c", "/files/a/b/", "/files//x",
    "/files/", "/files", "/r1/", "/p1/42/", "/p1/", "/p1", "/api/hello/", "//", "/nope",
    "/p1/hello%20world", "/p1/a%2Fb", "/files/a%20b/c", "/r1?x=1", "/p1/7?q=/a/b",
  ], { regExp: true });
  assert.equal(json(answers[3]).params, { id: "42" });
  assert.equal(json(answers[7]).params, { slug: "a/b/c" });
  assert.equal(json(answers[19]).params, { id: "hello world" });
  assert.is(answers[10].status, 404);
});

test("static beats param beats catch-all, in the compiler's order, where only TrieRouter can route", async () => {
  const routes = [
    route("/api/users/me"),
    route("/api/users/:id"),
    route("/api/users/:id/posts"),
    route("/api/:rest{.+}"),
    route("/:all{.+}"),
  ];
  const answers = await assertParity(routes, [
    "/api/users/me", "/api/users/42", "/api/users/42/posts", "/api/users/42/other", "/api/x/y/z",
    "/api", "/api/", "/api/users/", "/api/users/42/", "/other/a", "/",
  ], { regExp: false });
  assert.equal(answers.slice(0, 5).map((a) => json(a).route), [
    "/api/users/me", "/api/users/:id", "/api/users/:id/posts", "/api/:rest{.+}", "/api/:rest{.+}",
  ]);
  assert.equal(json(answers[3]).params, { rest: "users/42/other" });
  assert.is(answers[10].status, 404);
});

test("a method no route accepts gets the app's 405 with Allow; HEAD runs GET without a body", async () => {
  const routes = [route("/items/:id", ["GET", "DELETE"]), route("/items", ["POST"]), route("/ping", ["HEAD"])];
  const answers = await assertParity(routes, [
    { method: "PUT", path: "/items/1" }, { method: "DELETE", path: "/items/1" }, { method: "HEAD", path: "/items/1" },
    { method: "GET", path: "/items" }, { method: "POST", path: "/items" }, { method: "PATCH", path: "/nope" },
    { method: "GET", path: "/ping" }, { method: "HEAD", path: "/ping" },
  ], { regExp: true });
  assert.equal([answers[0].status, answers[0].allow], [405, "GET, DELETE, HEAD"]);
  assert.equal([answers[2].status, answers[2].body], [200, ""]);
  assert.equal([answers[5].status, answers[6].status, answers[7].status], [404, 405, 200]);
});

test("a HEAD-only route passes GET on to the next matching route", async () => {
  const routes = [route("/users/me", ["HEAD"]), route("/users/:id")];
  const answers = await assertParity(routes, ["/users/me", { method: "HEAD", path: "/users/me" }], { regExp: false });
  assert.equal(json(answers[0]).params, { id: "me" });
});

test("middleware runs in order before the route, and for unknown paths and methods", async () => {
  const middleware = [tracer("a"), tracer("b")];
  const routes = [route("/static"), route("/things/:id")];
  const answers = await assertParity(routes, [
    "/static", "/things/1", "/unknown", { method: "POST", path: "/static" }, { method: "PATCH", path: "/nowhere" },
  ], { regExp: true, middleware });
  assert.equal(answers.map((a) => [a.status, a.order]), [
    [200, "a, b"], [200, "a, b"], [404, "a, b"], [405, "a, b"], [404, "a, b"],
  ]);
});

test("every one of 1000 generated routes answers its own path", async () => {
  const statics = Array.from({ length: 500 }, (_, i) => route(`/r${String(i).padStart(4, "0")}`));
  const params = Array.from({ length: 500 }, (_, i) => route(`/p${String(i).padStart(4, "0")}/:id`));
  const ours = build([...statics, ...params], [], new SegmentTrieRouter());
  const reference = build([...statics, ...params], [], new RegExpRouter());
  for (const [index, { pattern }] of [...statics, ...params].entries()) {
    const path = pattern.replace(":id", String(index));
    const actual = await snapshot(ours, path);
    assert.equal(json(actual), { route: pattern, method: "GET", params: pattern === path ? {} : { id: String(index) } });
    if (index % 50 === 0) assert.equal(actual, await snapshot(reference, path));
  }
  assert.is((await snapshot(ours, "/p0500/1")).status, 404);
});

/** Resolves index maps against the stash, so results of either shape compare by value. */
function resolved<T>(result: Result<T>): [T, Record<string, string>][] {
  const [entries, stash] = result;
  return entries.map(([handler, map]) => [
    handler,
    Object.fromEntries(Object.entries(map).map(([name, value]) => [name, stash ? stash[value as number] : String(value)])),
  ]);
}

test("match returns every matching handler in registration order, like TrieRouter", () => {
  const registrations: [string, string, string][] = [
    ["GET", "/a/:id", "param"],
    ["ALL", "/*", "middleware"],
    ["GET", "/a/b", "static"],
    ["GET", "/:x/b", "first param"],
    ["ALL", "/a/:rest{.+}", "catch-all"],
    ["POST", "/a/:id", "post"],
  ];
  const ours = new SegmentTrieRouter<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path, name] of registrations) {
    ours.add(method, path, name);
    trie.add(method, path, name);
  }
  for (const [method, path] of [["GET", "/a/b"], ["GET", "/a/c"], ["POST", "/a/b"], ["PUT", "/a/b/c"], ["GET", "/"], ["GET", "/z/b"]]) {
    assert.equal(resolved(ours.match(method, path)), resolved(trie.match(method, path)), `${method} ${path}`);
  }
  assert.equal(resolved(ours.match("GET", "/a/b")), [
    ["param", { id: "b" }], ["middleware", {}], ["static", {}], ["first param", { x: "a" }], ["catch-all", { rest: "b" }],
  ]);
});

test("match agrees with TrieRouter on joined static chains, many static children and paths that nearly match", () => {
  const patterns = [
    "/api/users/:id",
    "/api/users/:id/posts/:post",
    "/api/users/me",
    "/api/v1/items/:id",
    "/docs/guide/intro/:page",
    "/docs/:rest{.+}",
    "/deep/a/b/c/:x",
    "/deep/a/:y/z",
    // Nodes a route ends at or catches at, inside a chain: the chain is joined around them, not through.
    "/t/:a/end",
    "/t/:a/end/more/:b",
    "/c/x/:rest{.+}",
    "/c/x/y/:id",
    // More static children at the root than are compared in place: they are looked up instead.
    ...Array.from({ length: 10 }, (_, i) => `/s${i}/:id`),
  ];
  const ours = new SegmentTrieRouter<string>();
  const trie = new TrieRouter<string>();
  for (const pattern of patterns) {
    ours.add("GET", pattern, pattern);
    trie.add("GET", pattern, pattern);
  }
  const paths = [
    "/api/users/42", "/api/users/42/posts/7", "/api/users/me", "/api/users", "/api/users/", "/api/usersx/1",
    "/api/user/1", "/api/v1/items/3", "/api/v1/item/3", "/api/v1/items", "/api/v1/items/3/x",
    "/docs/guide/intro/p1", "/docs/guide/intro", "/docs/guide", "/docs/x/y", "/docs",
    "/s3/1", "/s9/abc", "/s10/1", "/s3",
    "/deep/a/b/c/1", "/deep/a/q/z", "/deep/a/b/z", "/deep/a/b/c", "/deep/a/bx/c/1", "/deep/a",
    "/t/1/end", "/t/1/end/more/2", "/t/1/end/more", "/c/x/y/1", "/c/x/q", "/c/x/y",
  ];
  for (const path of paths) assert.equal(resolved(ours.match("GET", path)), resolved(trie.match("GET", path)), path);
  assert.equal(resolved(ours.match("GET", "/deep/a/b/c/1")), [["/deep/a/b/c/:x", { x: "1" }]]);
  assert.equal(resolved(ours.match("GET", "/docs/guide/intro/p1")), [["/docs/guide/intro/:page", { page: "p1" }], ["/docs/:rest{.+}", { rest: "guide/intro/p1" }]]);
});

test("routes added after the first match are routed too", () => {
  const router = new SegmentTrieRouter<string>();
  router.add("GET", "/a", "a");
  assert.equal(resolved(router.match("GET", "/b")), []);
  router.add("GET", "/b", "b");
  assert.equal(resolved(router.match("GET", "/b")), [["b", {}]]);
});

test("patterns our compiler never emits are refused loudly", () => {
  for (const path of ["/a/:id?", "/a/*", "/a/:id{[0-9]+}", "/a/:rest{.+}/b", "a", "/a//b", "/a/", "/a/b*", "/:id/:id", "/a:b"]) {
    assert.throws(() => new SegmentTrieRouter<string>().add("GET", path, "h"), (error: unknown) => error instanceof UnsupportedPathError, path);
  }
});

test.run();
