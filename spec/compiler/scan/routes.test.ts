import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AppIR, BuildMode } from "../../../compiler/ir.ts";
import { brief, scanFixture } from "../../helpers/scan-ir.ts";

const scan = (name: string, mode: BuildMode = "production") => scanFixture(name, { mode });
const table = (ir: AppIR) => Object.fromEntries(ir.routes.map((r) => [r.pattern, r.file]));
const methodsOf = (ir: AppIR, pattern: string) => ir.routes.find((r) => r.pattern === pattern)?.methods.map((m) => m.method);

test("production: every route, groups dropped, `_` and .d.ts ignored, .dev left out", () => {
  assert.equal(table(scan("scan-routes")), {
    "/": "routes/index.ts",
    "/admin/stats": "routes/(admin)/admin/stats.ts",
    "/api/aliased": "routes/api/aliased.ts",
    "/api/files/*path": "routes/api/files/[...path].ts",
    "/api/health": "routes/api/health.ts",
    "/api/legacy": "routes/api/legacy.js",
    "/api/live": "routes/api/live.prod.ts",
    "/api/users": "routes/api/users/index.ts",
    "/api/users/me": "routes/api/users/me.ts",
    "/api/users/:id": "routes/api/users/[id].ts",
    "/api/warn": "routes/api/warn.ts",
  });
});

test("development: .dev routes appear, .prod ones leave, and the .dev file replaces its plain twin", () => {
  const ir = scan("scan-routes", "development");
  const routes = table(ir);
  assert.is(routes["/api/mock"], "routes/api/mock.dev.ts");
  assert.is(routes["/api/health"], "routes/api/health.dev.ts");
  assert.is(routes["/api/live"], undefined);
  assert.is(ir.routes.filter((r) => r.pattern === "/api/health").length, 1);
  assert.is(ir.routes.find((r) => r.pattern === "/api/mock")?.mode, "development");
  assert.not.ok(ir.diagnostics.some((d) => d.code === "SDK_ROUTE_CONFLICT"));
});

test("methods: named exports, `export { x as DELETE }` (or `as \"PATCH\"`), aliased and namespace imports, .js files", () => {
  const ir = scan("scan-routes");
  assert.equal(methodsOf(ir, "/api/users"), ["GET", "POST"]);
  assert.equal(methodsOf(ir, "/api/users/:id"), ["GET", "DELETE"]);
  assert.equal(methodsOf(ir, "/api/aliased"), ["GET", "POST", "PUT", "PATCH"]);
  assert.equal(methodsOf(ir, "/api/legacy"), ["GET"]);
  const del = ir.routes.find((r) => r.pattern === "/api/users/:id")?.methods.find((m) => m.method === "DELETE");
  assert.equal(del?.loc, { file: "routes/api/users/[id].ts", line: 6, column: 20 });
  const get = ir.routes.find((r) => r.pattern === "/")?.methods[0];
  assert.equal(get?.loc, { file: "routes/index.ts", line: 3, column: 14 });
});

test("websocket routes go to jobs.websockets, not routes", () => {
  const ir = scan("scan-routes");
  assert.equal(ir.jobs.websockets.map((w) => [w.pattern, w.file]), [["/chat", "routes/chat.ws.ts"]]);
  assert.not.ok(ir.routes.some((r) => r.file.endsWith(".ws.ts")));
});

test("lowercase and unknown uppercase exports are warnings; constants are left alone", () => {
  const ir = scan("scan-routes");
  assert.equal(ir.diagnostics.map(brief), [
    "warning SDK_METHOD_EXPORT_UNKNOWN routes/api/warn.ts:4:14",
    "warning SDK_METHOD_EXPORT_UNKNOWN routes/api/warn.ts:5:14",
  ]);
  assert.ok(ir.diagnostics[0].message.includes('"post"'));
  assert.is(ir.diagnostics[0].hint, "Rename it to POST.");
  assert.ok(ir.diagnostics[1].message.includes('"FETCH"'));
  assert.equal(methodsOf(ir, "/api/warn"), ["GET"]);
});

test("errors: handler not built with defineHandler, no methods, malformed names", () => {
  const ir = scan("scan-routes-errors");
  assert.equal(ir.diagnostics.map(brief), [
    "error SDK_ROUTE_BAD_NAME routes/bad/[id.ts:-:-",
    "error SDK_HANDLER_NOT_DEFINED routes/local.ts:3:14",
    "error SDK_ROUTE_NO_METHODS routes/lower.ts:1:1",
    "error SDK_ROUTE_NO_METHODS routes/nomethods.ts:1:1",
    "error SDK_HANDLER_NOT_DEFINED routes/plain.ts:1:17",
    "warning SDK_METHOD_EXPORT_UNKNOWN routes/lower.ts:3:14",
  ]);
  const byFile = (file: string, code: string) => ir.diagnostics.find((d) => d.file === file && d.code === code)!;
  assert.ok(byFile("routes/plain.ts", "SDK_HANDLER_NOT_DEFINED").hint?.includes("defineHandler"));
  assert.ok(byFile("routes/local.ts", "SDK_HANDLER_NOT_DEFINED").message.includes('not imported from "sdk"'));
  assert.ok(byFile("routes/nomethods.ts", "SDK_ROUTE_NO_METHODS").message.includes("it exports handler, default"));
  assert.ok(byFile("routes/lower.ts", "SDK_ROUTE_NO_METHODS").message.includes("it exports get"));
  assert.equal(methodsOf(ir, "/ok"), ["GET"]);
});

test("two scans of the same folder give the same routes", () => {
  const a = JSON.stringify(scan("scan-routes").routes);
  const b = JSON.stringify(scan("scan-routes").routes);
  assert.is(a, b);
});

test.run();
