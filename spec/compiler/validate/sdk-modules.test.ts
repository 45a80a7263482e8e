import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateSdkModules } from "../../../compiler/validate/sdk-modules.ts";
import { brief, irWith } from "../../helpers/scan-ir.ts";

const imports = [
  { file: "routes/a.ts", specifier: "sdk", line: 1, column: 31 },
  { file: "sdk.config.ts", specifier: "sdk/config", line: 1, column: 30 },
  { file: "routes/a.ts", specifier: "sdk/auth", line: 2, column: 20 },
  { file: "routes/b.ts", specifier: "sdk/kv", line: 2, column: 20 },
  { file: "src/y.ts", specifier: "sdk/ws", line: 1, column: 1 },
  { file: "src/z.ts", specifier: "sdk/dbx", line: 4, column: 9 },
];

test("edge: unknown modules are located errors; available ones (sdk/auth among them) pass", () => {
  const diagnostics = validateSdkModules(irWith({ target: "edge", sdkImports: imports }));
  assert.equal(diagnostics.map(brief), ["error SDK_MODULE_UNKNOWN src/z.ts:4:9"]);
  assert.match(diagnostics[0].hint ?? "", "sdk, sdk/config, sdk/plugin");
});

test("node: edge-only modules are left to the edge-only pass, so each import has one error", () => {
  const diagnostics = validateSdkModules(irWith({ target: "node", sdkImports: imports }));
  assert.equal(diagnostics.map(brief), ["error SDK_MODULE_UNKNOWN src/z.ts:4:9"]);
});

test.run();
