import { test } from "uvu";
import * as assert from "uvu/assert";
import type { RouteIR } from "../../../compiler/ir.ts";
import { parseRouteFile } from "../../../compiler/scan/filenames.ts";
import { validateRouteConflicts } from "../../../compiler/validate/route-conflicts.ts";
import { brief, irWith, scanFixture } from "../../helpers/scan-ir.ts";

function route(routePath: string, ...methods: RouteIR["methods"][number]["method"][]): RouteIR {
  const parsed = parseRouteFile(routePath);
  if (parsed.status !== "route") throw new Error(routePath);
  const file = `routes/${routePath}`;
  return { file, pattern: parsed.route.pattern, segments: parsed.route.segments, mode: null, methods: methods.map((method, i) => ({ method, loc: { file, line: i + 1, column: 14 } })) };
}

test("same pattern and method in two files, through groups and renamed params", () => {
  const diagnostics = validateRouteConflicts(irWith({ routes: [route("users/[id].ts", "GET", "PUT"), route("(admin)/users/[slug].ts", "GET")] }));
  assert.equal(diagnostics.map(brief), ["error SDK_ROUTE_CONFLICT routes/users/[id].ts:1:14"]);
  assert.ok(diagnostics[0].message.includes("routes/(admin)/users/[slug].ts"), diagnostics[0].message);
  assert.ok(diagnostics[0].message.includes("routes/users/[id].ts"));
  assert.ok(diagnostics[0].hint?.includes("routes/(admin)/users/[slug].ts"));
});

test("different methods on the same URL, and different shapes, do not conflict", () => {
  const routes = [route("items.ts", "GET"), route("items/index.ts", "POST"), route("users/[id].ts", "GET"), route("users/me.ts", "GET"), route("users/[...rest].ts", "GET")];
  assert.equal(validateRouteConflicts(irWith({ routes })), []);
});

test("the report does not depend on route order", () => {
  const a = route("users/[id].ts", "GET");
  const b = route("(x)/users/[slug].ts", "GET");
  assert.equal(validateRouteConflicts(irWith({ routes: [a, b] })), validateRouteConflicts(irWith({ routes: [b, a] })));
});

test("through the front end: groups, catch-alls and a websocket route over a GET", () => {
  const ir = scanFixture("scan-conflicts");
  assert.equal(ir.diagnostics.filter((d) => d.code === "SDK_ROUTE_CONFLICT").map(brief), [
    "error SDK_ROUTE_CONFLICT routes/chat.ws.ts:1:1",
    "error SDK_ROUTE_CONFLICT routes/docs/[...rest].ts:3:14",
    "error SDK_ROUTE_CONFLICT routes/users/[id].ts:3:14",
  ]);
});

test.run();
