/**
 * Which createApp the generated app.ts calls: an app none of whose code is handed a request body
 * (GET and HEAD routes only, no middleware, pages or auth) gets createAppWithoutBodies, so its
 * bundle carries no malformed-body check; every other app, and sdk dev, keep theirs.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { emitAppModule } from "../../emitters/app-module.ts";
import type { AppIR } from "../../compiler/ir.ts";
import { scanFixture } from "../helpers/scan-ir.ts";

const LINK = { projectRootFromGenerated: "../../.." };

/** e2e-api with only its GET and HEAD routes and no middleware. */
function getOnly(ir: AppIR): AppIR {
  const routes = ir.routes.filter((route) => route.methods.every(({ method }) => method === "GET" || method === "HEAD"));
  return { ...ir, routes, middleware: [] };
}

test("an app that is never handed a body calls createAppWithoutBodies", () => {
  const app = emitAppModule(getOnly(scanFixture("e2e-api")), LINK);
  assert.match(app, 'import { createAppWithoutBodies } from "sdk/runtime/app";');
  assert.match(app, "export const app = createAppWithoutBodies({");
});

test("a route taking a body, a middleware, pages or auth keep createApp and its malformed-body check", () => {
  const api = scanFixture("e2e-api");
  const lean = getOnly(api);
  const withPost = { ...lean, routes: [...lean.routes, api.routes.find((route) => route.methods.some(({ method }) => method === "POST"))!] };
  const withMiddleware = { ...lean, middleware: api.middleware };
  for (const ir of [api, withPost, withMiddleware, scanFixture("e2e-pages"), scanFixture("auth-d1")]) {
    const app = emitAppModule(ir, LINK);
    assert.match(app, 'import { createApp } from "sdk/runtime/app";');
    assert.match(app, "export const app = createApp({");
  }
});

test("sdk dev's app is timed whatever its routes take", () => {
  const app = emitAppModule(getOnly(scanFixture("e2e-api", { mode: "development" })), LINK);
  assert.match(app, 'import { timedApp } from "sdk/runtime/dev/timing";');
});

test.run();
