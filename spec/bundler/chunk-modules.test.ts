/** Module names in the report: from the project root, a dependency from its node_modules folder on. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { moduleName } from "../../bundler/chunk-modules.ts";

test("names a module from the root, a package's from node_modules, a virtual one by its id", () => {
  assert.is(moduleName("/app", "/app/routes/index.ts"), "routes/index.ts");
  assert.is(moduleName("/app", "/app/node_modules/.pnpm/hono@4/node_modules/hono/dist/hono.js"), "node_modules/hono/dist/hono.js");
  assert.is(moduleName("/app", "\0rolldown/runtime.js"), "rolldown/runtime.js");
  assert.is(moduleName("/app", "/app/pages/a.vue?vue&type=style"), "pages/a.vue");
});

test.run();
