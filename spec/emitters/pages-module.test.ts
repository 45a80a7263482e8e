/**
 * Which React server adapter the generated pages module imports: the text-streaming one
 * (server-node.ts) where the server has Node.js's modules and globals (node, Bun, Deno, and a
 * worker whose final wrangler config has nodejs_compat's second version), the web-stream one on
 * any other worker, which could not load it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../compiler/ir.ts";
import { emitTarget } from "../../emitters/emit.ts";
import { workerHasNodeModules } from "../../emitters/wrangler.ts";
import { scanFixture } from "../helpers/scan-ir.ts";

function adapterImport(target: Target, worker?: Record<string, unknown>, lockResolved?: Record<string, unknown>): string {
  const ir = scanFixture("e2e-streaming-react", { target, config: worker ? { worker } : {} });
  const pages = emitTarget(ir, { projectRootFromGenerated: "../../..", defaultName: "app", lockResolved }).find((file) => file.path === "pages.ts")!.content;
  return /import \{ reactServerAdapter \} from "([^"]+)"/.exec(pages)![1]!;
}

test("node, Bun and Deno render React pages with the text-streaming adapter", () => {
  for (const target of ["node", "bun", "deno"] as const) assert.is(adapterImport(target), "sdk/runtime/ui/react/server-node", target);
});

test("a worker takes it with nodejs_compat (the default) from its second version on, and the web-stream adapter without", () => {
  assert.is(adapterImport("edge"), "sdk/runtime/ui/react/server-node");
  assert.is(adapterImport("edge", { compatibility_flags: [] }), "sdk/runtime/ui/react/server");
  assert.is(adapterImport("edge", { compatibility_date: "2024-09-01", compatibility_flags: ["nodejs_compat"] }), "sdk/runtime/ui/react/server");
  assert.is(adapterImport("edge", { compatibility_date: "2024-09-01", compatibility_flags: ["nodejs_compat_v2"] }), "sdk/runtime/ui/react/server-node");
  // The final config decides: sdk.lock.json's resolved flags override the generated ones.
  assert.is(adapterImport("edge", undefined, { compatibility_flags: ["no_nodejs_compat_v2", "nodejs_compat"] }), "sdk/runtime/ui/react/server");
});

test("sdk dev's worker keeps the web-stream adapter", () => {
  const ir = scanFixture("e2e-streaming-react", { target: "edge", mode: "development" });
  const pages = emitTarget(ir, { projectRootFromGenerated: "../../..", defaultName: "app" }).find((file) => file.path === "pages.ts")!.content;
  assert.match(pages, '"sdk/runtime/ui/react/server"');
});

test("workerHasNodeModules reads the flags and the date as workerd does", () => {
  assert.ok(workerHasNodeModules({ compatibility_date: "2024-09-23", compatibility_flags: ["nodejs_compat"] }));
  assert.not.ok(workerHasNodeModules({ compatibility_date: "2024-09-22", compatibility_flags: ["nodejs_compat"] }));
  assert.not.ok(workerHasNodeModules({ compatibility_date: "2026-01-01", compatibility_flags: ["nodejs_als"] }));
  assert.not.ok(workerHasNodeModules({ compatibility_date: "2026-01-01" }));
});

test.run();
