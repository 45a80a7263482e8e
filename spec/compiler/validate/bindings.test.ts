/**
 * Bindings inferred from imports: a disabled binding that the code imports is an error at the
 * import, for every kind; `inference.scanDirs` chooses the folders whose imports infer bindings.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildIR } from "../../../compiler/front-end.ts";
import { validateDisabledBindings } from "../../../compiler/validate/disabled-bindings.ts";
import { brief, irWith } from "../../helpers/scan-ir.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const imports = [
  { file: "routes/a.ts", specifier: "sdk/db", line: 1, column: 20 },
  { file: "routes/b.ts", specifier: "sdk/kv", line: 2, column: 20 },
  { file: "routes/c.ts", specifier: "sdk/storage", line: 3, column: 20 },
  { file: "src/d.ts", specifier: "sdk/ai", line: 4, column: 20 },
  { file: "src/e.ts", specifier: "sdk", line: 1, column: 1 },
];

test("each binding turned off with false is an error at every import of its module", () => {
  const config = { inference: { bindings: { db: false, kv: false, storage: false, ai: false } } } as const;
  const diagnostics = validateDisabledBindings(irWith({ sdkImports: imports, config }));
  assert.equal(diagnostics.map(brief), [
    "error SDK_BINDING_DISABLED routes/a.ts:1:20",
    "error SDK_BINDING_DISABLED routes/b.ts:2:20",
    "error SDK_BINDING_DISABLED routes/c.ts:3:20",
    "error SDK_BINDING_DISABLED src/d.ts:4:20",
  ]);
  assert.match(diagnostics[1]!.message, '"sdk/kv" is imported, but inference.bindings.kv is false, so the worker has no key-value namespace binding for it.');
  assert.match(diagnostics[1]!.hint!, "Remove `kv: false` from inference.bindings");
});

test("named, true or unset bindings are fine; other targets leave the import to the edge-only error", () => {
  const config = { inference: { bindings: { kv: "CACHE", storage: true } } } as const;
  assert.equal(validateDisabledBindings(irWith({ sdkImports: imports, config })), []);
  const off = { inference: { bindings: { kv: false } } } as const;
  assert.equal(validateDisabledBindings(irWith({ target: "node", sdkImports: imports, config: off })), []);
});

function appWith(files: Record<string, string>): string {
  const root = scratchDir("bindings-app");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const route = (module: string, name: string) => `import { defineHandler } from "sdk";\nimport { ${name} } from "${module}";\nexport const GET = defineHandler(() => String(${name}));\n`;

test("scanned: bindings come from the imports, renamed by inference.bindings, with the file that caused each", () => {
  const root = appWith({ "routes/cache.ts": route("sdk/kv", "kv"), "src/files.ts": route("sdk/storage", "storage") });
  const ir = buildIR(root, { config: { inference: { bindings: { storage: "FILES", ai: true } } }, target: "edge", mode: "production" });
  assert.equal(ir.diagnostics, []);
  assert.equal(ir.bindings, [
    { kind: "kv", name: "KV", source: "routes/cache.ts:2:20" },
    { kind: "storage", name: "FILES", source: "src/files.ts:2:25" },
    { kind: "ai", name: "AI", source: "inference.bindings.ai" },
  ]);
});

test("scanned: inference.scanDirs replaces the folders whose imports infer bindings, and may name one outside the conventions", () => {
  const root = appWith({
    "routes/cache.ts": route("sdk/kv", "kv"),
    "lib/model.ts": route("sdk/ai", "ai"),
    "src/files.ts": route("sdk/storage", "storage"),
  });
  const ir = buildIR(root, { config: { inference: { scanDirs: ["lib", "src/"] } }, target: "edge", mode: "production" });
  assert.equal(ir.bindings.map((b) => `${b.name} ${b.source}`), ["STORAGE src/files.ts:2:25", "AI lib/model.ts:2:20"]);
  assert.equal(ir.diagnostics.map(brief), ["warning SDK_BINDING_NOT_SCANNED routes/cache.ts:2:20"]);
  assert.match(ir.diagnostics[0]!.message, "inference.scanDirs (lib, src) leaves this file out, so the worker gets no key-value namespace binding");
});

test("scanned: a binding asked for by inference.bindings needs no scanned import; a missing scan dir is an error at its config path", () => {
  const root = appWith({ "routes/cache.ts": route("sdk/kv", "kv") });
  const ir = buildIR(root, { config: { inference: { scanDirs: ["workers"], bindings: { kv: "CACHE" } } }, target: "edge", mode: "production" });
  assert.equal(ir.bindings, [{ kind: "kv", name: "CACHE", source: "inference.bindings.kv" }]);
  assert.equal(ir.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file} ${d.configPath}`), ["error SDK_SCAN_DIR_MISSING sdk.config.ts inference.scanDirs[0]"]);
});

test.run();
