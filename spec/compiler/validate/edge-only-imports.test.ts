import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../../compiler/ir.ts";
import { edgeOnlyModuleOf, validateEdgeOnlyImports } from "../../../compiler/validate/edge-only-imports.ts";
import { brief, irWith, scanFixture } from "../../helpers/scan-ir.ts";

const imports = [
  { file: "routes/a.ts", specifier: "sdk/db", line: 2, column: 20 },
  { file: "routes/a.ts", specifier: "sdk", line: 1, column: 31 },
  { file: "src/x.ts", specifier: "sdk/kv/extra", line: 3, column: 5 },
  { file: "src/y.ts", specifier: "sdk/ws", line: 1, column: 1 },
  { file: "src/z.ts", specifier: "sdk/dbx", line: 1, column: 1 },
];

test("edge allows every sdk module", () => {
  assert.equal(validateEdgeOnlyImports(irWith({ target: "edge", sdkImports: imports })), []);
});

for (const target of ["node", "bun", "deno"] satisfies Target[]) {
  test(`${target}: edge-only imports are errors at the import`, () => {
    const diagnostics = validateEdgeOnlyImports(irWith({ target, sdkImports: imports }));
    assert.equal(diagnostics.map(brief), ["error SDK_EDGE_ONLY_IMPORT routes/a.ts:2:20", "error SDK_EDGE_ONLY_IMPORT src/x.ts:3:5"]);
    assert.ok(diagnostics[0].message.includes(target));
    assert.ok(diagnostics[0].hint?.includes('target "edge"') && diagnostics[0].hint.includes("remove the import"));
  });
}

test("the modules the contract lists, and their subpaths", () => {
  for (const m of ["sdk/db", "sdk/kv", "sdk/auth", "sdk/storage", "sdk/ai", "sdk/sandbox", "sdk/env", "sdk/auth/client"]) {
    assert.ok(edgeOnlyModuleOf(m), m);
  }
  for (const m of ["sdk", "sdk/ws", "sdk/client", "sdk/config", "sdk/schema", "sdk/dbx"]) {
    assert.is(edgeOnlyModuleOf(m), null, m);
  }
});

test("through the front end: a node build of an app importing sdk/db etc.", () => {
  const ir = scanFixture("scan-imports", { target: "node" });
  assert.equal(ir.diagnostics.filter((d) => d.code === "SDK_EDGE_ONLY_IMPORT").map(brief), [
    "error SDK_EDGE_ONLY_IMPORT middleware/01.env.ts:2:8",
    "error SDK_EDGE_ONLY_IMPORT routes/_lib/cache.ts:1:20",
    "error SDK_EDGE_ONLY_IMPORT routes/files.ts:5:31",
    "error SDK_EDGE_ONLY_IMPORT routes/users.ts:2:20",
    "error SDK_EDGE_ONLY_IMPORT src/lib/auth.ts:1:22",
  ]);
  const edge = scanFixture("scan-imports", { target: "edge" }).diagnostics;
  assert.equal(edge.filter((d) => d.code === "SDK_EDGE_ONLY_IMPORT"), [], "the edge target allows them");
});

test.run();
