/** A production build refuses a worker.vars name env.ts declares as a server key, at the var, naming the key. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { serverKeysInVars } from "../../../compiler/env/server-vars.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics.ts";
import type { EnvIR } from "../../../compiler/ir.ts";

const env: EnvIR = {
  file: "env.ts",
  keys: [
    { name: "API_TOKEN", scope: "server", kind: "string", optional: false, line: 4, column: 5 },
    { name: "PUBLIC_SITE", scope: "public", kind: "url", optional: false, line: 7, column: 5 },
  ],
  publicValues: {},
};

const configText = [
  'import { defineConfig } from "sdk/config";',
  "",
  "export default defineConfig({",
  "  worker: {",
  '    vars: { GREETING: "hi", API_TOKEN: "abc", PUBLIC_SITE: "https://example.com" },',
  "  },",
  "});",
].join("\n");

test("a server key in worker.vars: both locations in one line, the config path first", () => {
  const diagnostics = serverKeysInVars(env, { worker: { vars: { GREETING: "hi", API_TOKEN: "abc", PUBLIC_SITE: "https://example.com" } } }, configText);
  assert.equal(diagnostics.map(formatDiagnostic), [
    "error SDK_ENV_SERVER_KEY_IN_VARS sdk.config.ts:5:29: worker.vars.API_TOKEN is declared as a server key in env.ts:4:5, and production builds do not ship server keys as plain-text vars Hint: Remove API_TOKEN from worker.vars and set it with `sdk secret put API_TOKEN`; for sdk dev, put it in the root .env.",
  ]);
  assert.is(diagnostics[0]!.configPath, "worker.vars.API_TOKEN");
});

test("public keys and undeclared names may be vars", () => {
  assert.equal(serverKeysInVars(env, { worker: { vars: { PUBLIC_SITE: "https://example.com", OTHER: "x" } } }, configText), []);
  assert.equal(serverKeysInVars(env, {}, configText), []);
});

test.run();
