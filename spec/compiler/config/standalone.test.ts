import { writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Ajv } from "ajv";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileConfigCheck } from "../../../compiler/config/config-check.ts";
import { emitValidatorModule } from "../../../compiler/config/standalone.ts";
import { configSchema } from "../../../compiler/config/schema.ts";

const emitConfigValidatorModule = () => emitValidatorModule(configSchema);

interface StandaloneValidator {
  (config: unknown): boolean;
  errors?: { instancePath: string; keyword: string }[] | null;
}

let dir = "";

test.before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "sdk-config-standalone-"));
});

test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("the emitted module is deterministic and imports nothing", () => {
  const source = emitConfigValidatorModule();
  assert.is(emitConfigValidatorModule(), source);
  assert.not.match(source, /\brequire\(/);
  assert.not.match(source, /^\s*import\s/m);
  assert.match(source, /export default /);
});

test("the module, written alone to a directory, validates configs", async () => {
  const file = path.join(dir, "validate-config.mjs");
  await writeFile(file, emitConfigValidatorModule());
  const mod = (await import(pathToFileURL(file).href)) as { default: StandaloneValidator; validate: StandaloneValidator };
  assert.is(mod.validate, mod.default);
  const validate = mod.default;

  assert.is(validate({}), true);
  assert.is(
    validate({
      target: "node",
      email: { from: "Acme <hello@acme.dev>" },
      worker: { compatibility_date: "2025-01-01", vars: { A: "1" }, limits: { cpu_ms: 50 } },
      routing: { redirects: { "/old": { to: "/new", status: 301 } }, headers: { "/*": ["X-A: 1"] } },
      auth: { providers: ["email", "github"] },
      edge: { anything: [1] },
    }),
    true,
  );

  assert.is(
    validate({
      worker: { limits: { cpu_ms: 0 } },
      routing: { redirects: { "/old": { to: "/new", status: 305 } } },
      auth: { providers: ["github", "github"] },
      email: { from: "nobody" },
      bogus: true,
    }),
    false,
  );
  const found = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();
  assert.equal(found, [
    " additionalProperties",
    "/auth/providers uniqueItems",
    "/email/from pattern",
    "/routing/redirects/~1old/status enum",
    "/worker/limits/cpu_ms minimum",
  ]);
});

const WRONG_CONFIGS: unknown[] = [
  { worker: { compatibility_date: 5, nope: 1 }, target: "x" },
  { routing: { redirects: { "/old": { to: 3 } }, headers: "X-A: 1" }, auth: { providers: ["github", "nope"] } },
  { edge: [], sourceDir: "../up", pages: { ui: "angular" } },
];

test("the package's compiled config check reports exactly the errors ajv reports, schema and value included", () => {
  const file = path.join(dir, "config-check.cjs");
  writeFileSync(file, compileConfigCheck());
  const compiled = createRequire(import.meta.url)(file) as StandaloneValidator;
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, verbose: true }).compile(configSchema);
  for (const config of WRONG_CONFIGS) {
    assert.is(compiled(config), false);
    assert.is(ajv(config), false);
    assert.ok(compiled.errors!.every((error) => "parentSchema" in error && "data" in error), "verbose errors");
    assert.equal(compiled.errors, ajv.errors);
  }
  assert.is(compiled({ target: "node" }), true);
});

test.run();
