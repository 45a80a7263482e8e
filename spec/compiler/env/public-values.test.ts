/** Public values fixed at build: from the build's environment, then worker.vars, then the default. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolvePublicValues, type PublicSources } from "../../../compiler/env/public-values.ts";
import type { EnvKeyIR } from "../../../compiler/ir.ts";
import { brief } from "../../helpers/scan-ir.ts";

const key = (name: string, fields: Partial<EnvKeyIR> = {}): EnvKeyIR => ({ name, scope: "public", kind: "string", optional: false, line: 3, column: 5, ...fields });
const sources = (fields: Partial<PublicSources> = {}): PublicSources => ({ environment: {}, vars: undefined, mode: "production", ...fields });

test("the environment wins over worker.vars, which wins over the default; each read as its kind", () => {
  const keys = [key("PUBLIC_A", { kind: "number", default: 1 }), key("PUBLIC_B", { kind: "boolean", default: false }), key("PUBLIC_C", { default: "c" })];
  const { values, diagnostics } = resolvePublicValues(keys, "env.ts", sources({ environment: { PUBLIC_A: "2" }, vars: { PUBLIC_A: "3", PUBLIC_B: "true" } }));
  assert.equal(diagnostics, []);
  assert.equal(values, { PUBLIC_A: 2, PUBLIC_B: true, PUBLIC_C: "c" });
});

test("server keys are never read at build, and an empty variable is unset", () => {
  const keys = [key("SECRET", { scope: "server" }), key("PUBLIC_OPTIONAL", { optional: true })];
  const { values, diagnostics } = resolvePublicValues(keys, "env.ts", sources({ environment: { SECRET: "s3cret", PUBLIC_OPTIONAL: "" } }));
  assert.equal([values, diagnostics], [{}, []]);
});

test("a required public key without a value is an error at its key; the hint fits the command", () => {
  const build = resolvePublicValues([key("PUBLIC_API_BASE")], "env.ts", sources());
  assert.equal(build.diagnostics.map(brief), ["error SDK_ENV_PUBLIC_MISSING env.ts:3:5"]);
  assert.match(build.diagnostics[0]!.hint!, "PUBLIC_API_BASE=... sdk build");
  assert.match(build.diagnostics[0]!.hint!, ".env is read by sdk dev only");
  const dev = resolvePublicValues([key("PUBLIC_API_BASE")], "env.ts", sources({ mode: "development" }));
  assert.match(dev.diagnostics[0]!.hint!, "put PUBLIC_API_BASE=... in the root .env");
});

test("a value its kind cannot read is an error naming where it came from, never the value", () => {
  const { diagnostics } = resolvePublicValues([key("PUBLIC_RETRIES", { kind: "number" })], "env.ts", sources({ vars: { PUBLIC_RETRIES: "three" } }));
  assert.equal(diagnostics.map(brief), ["error SDK_ENV_PUBLIC_INVALID env.ts:3:5"]);
  assert.is(diagnostics[0]!.message, "PUBLIC_RETRIES from worker.vars.PUBLIC_RETRIES is not a number, as env.ts declares it with env.number()");
});

test.run();
