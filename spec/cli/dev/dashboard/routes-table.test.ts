/** The routes tab from a scanned app, and a request's path matched to its route as the router ranks them. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { matchRoute, routesTable } from "../../../../cli/dev/dashboard/routes-table.ts";
import { scanFixture } from "../../../helpers/scan-ir.ts";

const ir = scanFixture("dev-dashboard");

test("every route and page with its methods, file, layouts and the middleware chain it runs", () => {
  const table = routesTable(ir);
  const notes = table.routes.find((row) => row.pattern === "/api/notes")!;
  assert.equal([notes.kind, notes.methods, notes.file, notes.middleware], ["route", ["GET", "POST"], "routes/api/notes/index.ts", ["middleware/01.timing.ts"]]);
  assert.ok(notes.handlers.every((handler) => handler.file === "routes/api/notes/index.ts" && handler.line > 0));
  const home = table.routes.find((row) => row.pattern === "/")!;
  assert.equal([home.kind, home.file, home.layouts], ["page", "pages/index.tsx", ["pages/layout.tsx"]]);
  assert.equal(table.middleware, [{ file: "middleware/01.timing.ts", order: 1, name: "timing" }]);
});

test("a path matches its route, a static segment over a parameter, a catch-all only with a segment to take", () => {
  assert.equal(matchRoute(ir, "/api/notes"), { kind: "route", pattern: "/api/notes", file: "routes/api/notes/index.ts" });
  assert.is(matchRoute(ir, "/api/kv/some%20key")?.pattern, "/api/kv/:key");
  assert.is(matchRoute(ir, "/api/files/docs/a.txt")?.pattern, "/api/files/*path");
  assert.is(matchRoute(ir, "/api/files"), null);
  assert.is(matchRoute(ir, "/")?.kind, "page");
  assert.is(matchRoute(ir, "/nowhere"), null);
});

test.run();
