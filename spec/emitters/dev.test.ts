/**
 * The route table of `sdk dev`: on the edge each route module is imported on its first request
 * (a save's full reload in workerd then asks Vite for none of the others); node's dev table and
 * every build import them all, as before.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { emitDevSources } from "../../emitters/dev.ts";
import { emitTarget } from "../../emitters/emit.ts";
import { scanFixture } from "../helpers/scan-ir.ts";

const appTs = (files: { path: string; content: string }[]) => files.find((file) => file.path === "app.ts")!.content;

test("edge dev: no route module is imported with the table; each is a lazyRoute with its file and methods", () => {
  const ir = scanFixture("e2e-api", { target: "edge", mode: "development" });
  const app = appTs(emitDevSources(ir, { defaultName: "app", envValues: {} }));
  assert.not.match(app, "import * as route");
  assert.match(app, 'import { lazyRoute } from "sdk/runtime/dev/lazy-route";');
  const users = ir.routes.findIndex((route) => route.file === "routes/api/users/[id].ts");
  assert.match(app, `const route${users} = lazyRoute("routes/api/users/[id].ts", () => import("../../../routes/api/users/[id].ts"));`);
  assert.match(app, `handlers: { GET: route${users}("GET")`);
});

test("node dev and builds keep importing every route module", () => {
  const nodeDev = appTs(emitDevSources(scanFixture("e2e-api", { target: "node", mode: "development" }), { defaultName: "app", envValues: {} }));
  const edgeBuild = appTs(emitTarget(scanFixture("e2e-api", { target: "edge" }), { projectRootFromGenerated: "../../..", defaultName: "app" }));
  for (const app of [nodeDev, edgeBuild]) {
    assert.match(app, 'import * as route9 from "../../../routes/api/users/[id].ts";');
    assert.not.match(app, "lazyRoute");
  }
});

test("dev routing caches nothing: with only a revalidate rule, dev's routing.ts carries no routing layer", () => {
  const ir = scanFixture("e2e-api", { target: "edge", mode: "development", config: { routing: { revalidate: { "/api/*": 60 } } } });
  assert.is(ir.routing.isr, true);
  const routing = emitDevSources(ir, { defaultName: "app", envValues: {} }).find((file) => file.path === "routing.ts")!.content;
  assert.match(routing, "export const routing = null;");
});

test.run();
