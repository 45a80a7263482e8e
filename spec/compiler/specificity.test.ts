import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseRouteFile } from "../../compiler/scan/filenames.ts";
import { compareSpecificity, sortBySpecificity, type Routable } from "../../compiler/specificity.ts";

function route(routePath: string): Routable {
  const parsed = parseRouteFile(routePath, `routes/${routePath}`);
  if (parsed.status !== "route") throw new Error(`not a route: ${routePath}`);
  return { file: `routes/${routePath}`, pattern: parsed.route.pattern, segments: parsed.route.segments };
}

/** Deterministic shuffles, so a failure can be reproduced. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const expected = [
  "/",
  "/api",
  "/api/files/readme",
  "/api/files/:id",
  "/api/files/*path",
  "/api/users",
  "/api/users/me",
  "/api/users/me/settings",
  "/api/users/:id",
  "/api/users/:id/posts",
  "/api/users/:id/posts/:postId",
  "/api/users/*rest",
  "/api/:resource",
  "/api/:resource/count",
  "/api/*rest",
  "/:page",
  "/*all",
];

const routes = [
  "index.ts",
  "api/index.ts",
  "api/files/readme.ts",
  "api/files/[id].ts",
  "api/files/[...path].ts",
  "api/users/index.ts",
  "api/users/me.ts",
  "api/users/me/settings.ts",
  "api/users/[id].ts",
  "api/users/[id]/posts.ts",
  "api/users/[id]/posts/[postId].ts",
  "api/users/[...rest].ts",
  "api/[resource].ts",
  "api/[resource]/count.ts",
  "api/[...rest].ts",
  "[page].ts",
  "[...all].ts",
].map(route);

test("shuffled input always gives the same, most-specific-first order", () => {
  for (let seed = 1; seed <= 50; seed++) {
    assert.equal(sortBySpecificity(shuffled(routes, seed)).map((r) => r.pattern), expected, `seed ${seed}`);
  }
  assert.equal(sortBySpecificity([...routes].reverse()).map((r) => r.pattern), expected);
});

test("static beats param beats catch-all at the first differing segment, whatever the length", () => {
  const before = (a: string, b: string) => compareSpecificity(route(a), route(b)) < 0 && compareSpecificity(route(b), route(a)) > 0;
  assert.ok(before("users/me.ts", "users/[id].ts"));
  assert.ok(before("users/[id].ts", "users/[...rest].ts"));
  assert.ok(before("users/me.ts", "users/[...rest].ts"));
  assert.ok(before("users/me.ts", "users/[id]/posts.ts"), "a longer path is not more specific by length");
  assert.ok(before("a/b/c.ts", "a/[...rest].ts"));
  assert.ok(before("[id]/x/y/z.ts", "[...rest].ts"));
});

test("equal shapes are ordered by pattern then file, so duplicates list the same way", () => {
  const a = { ...route("users/[id].ts"), file: "routes/(a)/users/[id].ts" };
  const b = route("users/[id].ts");
  const c = route("users/[slug].ts");
  assert.equal(sortBySpecificity([c, b, a]).map((r) => r.file), ["routes/(a)/users/[id].ts", "routes/users/[id].ts", "routes/users/[slug].ts"]);
  assert.equal(sortBySpecificity([a, c, b]).map((r) => r.file), ["routes/(a)/users/[id].ts", "routes/users/[id].ts", "routes/users/[slug].ts"]);
  assert.is(compareSpecificity(b, b), 0);
});

test.run();
