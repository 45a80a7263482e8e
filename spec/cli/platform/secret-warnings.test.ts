/** What a secret's name tells before it is set: public names, names env.ts lacks, names worker.vars shadows. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { EnvIR } from "../../../compiler/ir.ts";
import { describeSecretName } from "../../../cli/platform/secret-warnings.ts";

const ENV: EnvIR = {
  file: "env.ts",
  keys: [
    { name: "API_TOKEN", scope: "server", kind: "string", optional: false, line: 4, column: 5 },
    { name: "PUBLIC_SITE", scope: "public", kind: "string", optional: false, line: 7, column: 5 },
  ] as EnvIR["keys"],
  publicValues: {},
};

const codes = (name: string, env: EnvIR | null, vars?: Record<string, string>) => describeSecretName(name, { worker: { vars } }, env).map((d) => d.code);

test("a server key env.ts declares: no warning", () => {
  assert.equal(codes("API_TOKEN", ENV), []);
});

test("a PUBLIC_ name is a public value, located at env.ts's declaration when there is one", () => {
  const [declared] = describeSecretName("PUBLIC_SITE", {}, ENV);
  assert.equal([declared.code, declared.severity, declared.file, declared.line], ["SDK_SECRET_PUBLIC_NAME", "warning", "env.ts", 7]);
  assert.match(declared.message, "PUBLIC_SITE is a public value, not a secret: env.ts declares it as a public key");
  assert.equal(codes("PUBLIC_OTHER", null), ["SDK_SECRET_PUBLIC_NAME"], "the prefix alone says it, without env.ts");
});

test("a name env.ts does not declare is likely a typo; without env.ts nothing is said", () => {
  assert.equal(codes("API_TOKN", ENV), ["SDK_SECRET_NOT_IN_ENV"]);
  assert.equal(codes("API_TOKN", null), []);
});

test("a name worker.vars also sets: the secret takes precedence on the deployed worker", () => {
  const [shadow] = describeSecretName("API_TOKEN", { worker: { vars: { API_TOKEN: "x" } } }, ENV);
  assert.equal([shadow.code, shadow.configPath], ["SDK_SECRET_SHADOWS_VAR", "worker.vars.API_TOKEN"]);
});

test.run();
