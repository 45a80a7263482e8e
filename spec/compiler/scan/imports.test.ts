import { test } from "uvu";
import * as assert from "uvu/assert";
import { brief, scanFixture } from "../../helpers/scan-ir.ts";

test("value imports, re-exports and import() of sdk modules, located; type-only ones skipped", () => {
  const ir = scanFixture("scan-imports");
  assert.equal(
    ir.sdkImports.map((i) => `${i.file}:${i.line}:${i.column} ${i.specifier}`),
    [
      "middleware/01.env.ts:1:34 sdk",
      "middleware/01.env.ts:2:8 sdk/env",
      "routes/_lib/cache.ts:1:20 sdk/kv",
      "routes/files.ts:1:31 sdk",
      "routes/files.ts:5:31 sdk/kv",
      "routes/users.ts:1:31 sdk",
      "routes/users.ts:2:20 sdk/db",
      "src/lib/auth.ts:1:22 sdk/auth",
      "src/lib/types.ts:2:25 sdk/ws",
    ],
  );
});

test("files of the other mode are not scanned for imports", () => {
  assert.not.ok(scanFixture("scan-imports").sdkImports.some((i) => i.file === "routes/live.dev.ts"));
  const dev = scanFixture("scan-imports", { mode: "development" });
  assert.ok(dev.sdkImports.some((i) => i.file === "routes/live.dev.ts" && i.specifier === "sdk/sandbox"));
});

test("bindings are inferred from imports, named by default", () => {
  assert.equal(scanFixture("scan-imports").bindings, [
    { kind: "db", name: "DB", source: "routes/users.ts:2:20" },
    { kind: "kv", name: "KV", source: "routes/_lib/cache.ts:1:20" },
  ]);
});

test("inference.bindings: false disables, a string renames, true adds without an import; auth keeps its database (the contract)", () => {
  const ir = scanFixture("scan-imports", { config: { inference: { bindings: { db: false, kv: "CACHE", ai: true } } } });
  assert.equal(ir.bindings, [
    { kind: "kv", name: "CACHE", source: "routes/_lib/cache.ts:1:20" },
    { kind: "ai", name: "AI", source: "inference.bindings.ai" },
    { kind: "db", name: "DB", source: "src/lib/auth.ts:1:22" },
  ]);
});

test("a syntax error is SDK_SYNTAX at file:line:col with the parser's message; the file is not scanned further", () => {
  const ir = scanFixture("scan-syntax");
  assert.equal(ir.diagnostics.map(brief), ["error SDK_SYNTAX routes/broken.ts:4:21", "error SDK_SYNTAX src/typed.js:1:22"]);
  assert.ok(ir.diagnostics[0]!.message.includes("Expected `,` or `}` but found `;`"), ir.diagnostics[0]!.message);
  assert.equal(ir.routes.map((r) => r.file), ["routes/ok.ts"]);
});

test("TypeScript in a JavaScript file is named as such, with the file's TypeScript name", () => {
  const [, typed] = scanFixture("scan-syntax").diagnostics;
  assert.ok(typed!.message.includes("TypeScript syntax"), typed!.message);
  assert.is(typed!.hint, "Rename the file to typed.ts, or remove the TypeScript from it.");
});

test.run();
