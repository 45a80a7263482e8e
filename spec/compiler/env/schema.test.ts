/**
 * env.ts's declaration checked as the build checks it: the evaluated default export beside its
 * source text, so each mistake is located at its key.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { describeEnv } from "../../../compiler/env/schema.ts";
import { defineEnv, env } from "../../../runtime/env/define.ts";
import { brief } from "../../helpers/scan-ir.ts";

/** The source is only read for positions: it must name the keys where the object declares them. */
function describe(value: unknown, lines: string[]) {
  return describeEnv({ default: value }, "env.ts", `${lines.join("\n")}\n`);
}

test("server and public keys become the IR's keys, located, with kind, values, optional and default", () => {
  const definition = defineEnv({
    server: { DATABASE_URL: env.url(), PORT: env.number().default(3000), MODE: env.oneOf(["a", "b"]).optional() },
    public: { PUBLIC_API_BASE: env.url() },
  });
  const { keys, diagnostics } = describe(definition, [
    'import { defineEnv, env } from "sdk";',
    "export default defineEnv({",
    "  server: {",
    "    DATABASE_URL: env.url(),",
    "    PORT: env.number().default(3000),",
    '    MODE: env.oneOf(["a", "b"]).optional(),',
    "  },",
    "  public: { PUBLIC_API_BASE: env.url() },",
    "});",
  ]);
  assert.equal(diagnostics, []);
  assert.equal(keys, [
    { name: "DATABASE_URL", scope: "server", kind: "url", optional: false, line: 4, column: 5 },
    { name: "PORT", scope: "server", kind: "number", optional: false, default: 3000, line: 5, column: 5 },
    { name: "MODE", scope: "server", kind: "oneOf", values: ["a", "b"], optional: true, line: 6, column: 5 },
    { name: "PUBLIC_API_BASE", scope: "public", kind: "url", optional: false, line: 8, column: 13 },
  ]);
});

test("no default export, or one that is not defineEnv(), is located at the file or the export", () => {
  const none = describeEnv({}, "app/env.ts", "export const x = 1;\n");
  assert.equal(none.diagnostics.map(brief), ["error SDK_ENV_NO_DEFAULT app/env.ts:-:-"]);
  const plain = describe({ server: {} }, ["export default { server: {} };"]);
  assert.equal(plain.diagnostics.map(brief), ["error SDK_ENV_NO_DEFAULT env.ts:1:16"]);
  assert.match(plain.diagnostics[0]!.message, "must be defineEnv({ ... }), got an object");
});

test("a default that is not of its kind is an error at the key", () => {
  const definition = defineEnv({ server: { PORT: env.number().default("x" as unknown as number), ON: env.boolean().default(true) } });
  const { keys, diagnostics } = describe(definition, ["export default defineEnv({", '  server: { PORT: env.number().default("x"), ON: env.boolean().default(true) },', "});"]);
  assert.equal(diagnostics.map(brief), ["error SDK_ENV_DEFAULT env.ts:2:13"]);
  assert.is(diagnostics[0]!.message, "the default of server.PORT is not a number, but the key is declared with env.number()");
  assert.match(diagnostics[0]!.hint!, ".default(3000)");
  assert.equal(keys.map((key) => key.name), ["ON"]);
});

test("public keys start with PUBLIC_ and server keys do not", () => {
  const definition = defineEnv({ server: { PUBLIC_TOKEN: env.string() }, public: { API_BASE: env.url() } });
  const { diagnostics } = describe(definition, ["export default defineEnv({", "  server: { PUBLIC_TOKEN: env.string() },", "  public: { API_BASE: env.url() },", "});"]);
  assert.equal(diagnostics.map(brief), ["error SDK_ENV_PUBLIC_PREFIX env.ts:2:13", "error SDK_ENV_PUBLIC_PREFIX env.ts:3:13"]);
  assert.match(diagnostics[1]!.hint!, "Rename it PUBLIC_API_BASE");
});

test("a name declared in both scopes is one error, at the second, naming the first", () => {
  const definition = defineEnv({ server: { API_TOKEN: env.string() }, public: { API_TOKEN: env.string() } });
  const { keys, diagnostics } = describe(definition, ["export default defineEnv({", "  server: { API_TOKEN: env.string() },", "  public: { API_TOKEN: env.string() },", "});"]);
  assert.equal(diagnostics.map(brief), ["error SDK_ENV_DUPLICATE env.ts:3:13"]);
  assert.is(diagnostics[0]!.message, "API_TOKEN is declared as a server key (env.ts:2:13) and again as a public key");
  assert.equal(keys.map((key) => key.scope), ["server"]);
});

test("values that are not fields, odd names and a scope that is not an object are invalid", () => {
  const definition = { kind: "env", server: { PORT: 3000, "my-key": env.string() }, public: "PUBLIC_X" };
  const { diagnostics } = describe(definition, ["export default defineEnv({", '  server: { PORT: 3000, "my-key": env.string() },', '  public: "PUBLIC_X",', "});"]);
  assert.equal(diagnostics.map(brief), ["error SDK_ENV_INVALID env.ts:2:13", "error SDK_ENV_INVALID env.ts:2:25", "error SDK_ENV_INVALID env.ts:3:11"]);
  assert.is(diagnostics[0]!.message, "server.PORT must be a field built with env, got 3000");
  assert.is(diagnostics[1]!.message, 'server."my-key" is not a variable name');
});

test("a declaration computed at run time is reported at the file", () => {
  const definition = defineEnv({ server: { PORT: env.number().default(Number.NaN) } });
  const { diagnostics } = describe(definition, ["const server = Object.fromEntries([]);", "export default defineEnv({ server });"]);
  assert.equal(diagnostics.map(brief), ["error SDK_ENV_DEFAULT env.ts:-:-"]);
});

test.run();
