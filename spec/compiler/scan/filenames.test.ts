import { Hono } from "hono";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ModeOnly } from "../../../compiler/ir.ts";
import { canonicalPattern, parseRouteFile, toHonoPattern, toPattern } from "../../../compiler/scan/filenames.ts";

const routes: [path: string, pattern: string, mode: ModeOnly, websocket: boolean][] = [
  ["index.ts", "/", null, false],
  ["about.ts", "/about", null, false],
  ["api/users.ts", "/api/users", null, false],
  ["api/users/index.ts", "/api/users", null, false],
  ["api/users/[id].ts", "/api/users/:id", null, false],
  ["api/users/[id]/posts/[postId].ts", "/api/users/:id/posts/:postId", null, false],
  ["api/users/[id]/index.ts", "/api/users/:id", null, false],
  ["api/files/[...slug].ts", "/api/files/*slug", null, false],
  ["api/[org]/files/[...rest].ts", "/api/:org/files/*rest", null, false],
  ["(admin)/stats.ts", "/stats", null, false],
  ["api/(v1)/(internal)/ping.ts", "/api/ping", null, false],
  ["(marketing)/index.ts", "/", null, false],
  ["api/mock.dev.ts", "/api/mock", "development", false],
  ["api/live.prod.ts", "/api/live", "production", false],
  ["api/index.dev.ts", "/api", "development", false],
  ["robots.txt.ts", "/robots.txt", null, false],
  ["api/index/x.ts", "/api/index/x", null, false],
  ["api/legacy.js", "/api/legacy", null, false],
  ["api/module.mjs", "/api/module", null, false],
  ["api/module.mts", "/api/module", null, false],
  ["api/view.tsx", "/api/view", null, false],
  ["chat.ws.ts", "/chat", null, true],
  ["rooms/[room].ws.ts", "/rooms/:room", null, true],
  ["chat.ws.dev.ts", "/chat", "development", true],
  ["api/[_id].ts", "/api/:_id", null, false],
];

for (const [path, pattern, mode, websocket] of routes) {
  test(`route ${path} -> ${pattern}`, () => {
    const result = parseRouteFile(path);
    if (result.status !== "route") return assert.unreachable(`expected a route, got ${JSON.stringify(result)}`);
    assert.is(result.route.pattern, pattern);
    assert.is(result.route.mode, mode);
    assert.is(result.route.websocket, websocket);
  });
}

const ignored = [
  "_private.ts",
  "api/_helpers.ts",
  "_lib/db.ts",
  "api/_internal/x.ts",
  "api/types.d.ts",
  "api/types.d.mts",
  "README.md",
  "api/data.json",
  ".DS_Store",
  ".hidden/route.ts",
];

for (const path of ignored) {
  test(`ignored: ${path}`, () => {
    assert.equal(parseRouteFile(path), { status: "ignored" });
  });
}

const malformed: [path: string, fragment: string][] = [
  ["api/[id.ts", "unbalanced brackets"],
  ["api/id].ts", "unbalanced brackets"],
  ["api/[id/x.ts", "unbalanced brackets"],
  ["api/user-[id].ts", "unbalanced brackets"],
  ["api/[[...slug]].ts", "unbalanced brackets"],
  ["api/[].ts", "empty parameter name"],
  ["api/[...].ts", "empty parameter name"],
  ["api/[...a]/b.ts", "catch-all \"[...a]\" is not the last segment"],
  ["api/[...a]/[id].ts", "not the last segment"],
  ["api/[1id].ts", "\"1id\" is not an identifier"],
  ["api/[user-id].ts", "\"user-id\" is not an identifier"],
  ["api/[..id].ts", "\"..id\" is not an identifier"],
  ["api/[id]/posts/[id].ts", "\"id\" is used twice"],
  ["[slug]/[...slug].ts", "\"slug\" is used twice"],
  ["api/(group).ts", "groups are directories"],
  ["api/a:b.ts", "not a valid path segment"],
  ["api/star*.ts", "not a valid path segment"],
  ["api/(bad/x.ts", "not a valid path segment"],
  ["api/x.dev.prod.ts", "more than one mode"],
  ["api/x.ws.ws.ts", "more than one mode or websocket suffix"],
];

for (const [path, fragment] of malformed) {
  test(`malformed: ${path}`, () => {
    const result = parseRouteFile(path, `routes/${path}`);
    if (result.status !== "invalid") return assert.unreachable(`expected invalid, got ${JSON.stringify(result)}`);
    const d = result.diagnostic;
    assert.is(d.code, "SDK_ROUTE_BAD_NAME");
    assert.is(d.severity, "error");
    assert.is(d.file, `routes/${path}`);
    assert.ok(d.message.includes(fragment), d.message);
    assert.ok(d.hint && d.hint.length > 10, "has a hint");
  });
}

test("pattern notations: ours, Hono's, canonical", () => {
  const result = parseRouteFile("api/[org]/files/[...path].ts");
  assert.is(result.status, "route");
  if (result.status !== "route") return;
  assert.is(toPattern(result.route.segments), "/api/:org/files/*path");
  assert.is(toHonoPattern(result.route.segments), "/api/:org/files/:path{.+}");
  assert.is(canonicalPattern(result.route.segments), "/api/:/files/*");
  assert.is(toHonoPattern([]), "/");
});

test("Hono matches the catch-all pattern across segments, but not an empty rest", async () => {
  const app = new Hono();
  app.get(toHonoPattern([{ kind: "static", value: "files" }, { kind: "catchAll", name: "path" }]), (c) => c.text(c.req.param("path") ?? ""));
  assert.is(await (await app.request("/files/a/b/c.txt")).text(), "a/b/c.txt");
  assert.is(await (await app.request("/files/one")).text(), "one");
  assert.is((await app.request("/files")).status, 404);
});

test.run();
