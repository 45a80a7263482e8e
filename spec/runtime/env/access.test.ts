/**
 * `env` of sdk/env over a fake worker env: server keys read, checked and kept on first access,
 * public keys as the build fixed them, and errors that name the key and where to set it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEnv } from "../../../runtime/env/access.ts";
import type { RegisteredEnv } from "../../../runtime/env/registry.ts";

const schema: RegisteredEnv = {
  file: "env.ts",
  keys: [
    { name: "DATABASE_URL", scope: "server", kind: "url", optional: false },
    { name: "PORT", scope: "server", kind: "number", optional: false, default: 3000 },
    { name: "MODE", scope: "server", kind: "oneOf", values: ["a", "b"], optional: true },
    { name: "FLAGS", scope: "server", kind: "json", optional: true },
    { name: "PUBLIC_API_BASE", scope: "public", kind: "url", optional: false },
    { name: "PUBLIC_TAG", scope: "public", kind: "string", optional: true },
  ],
  publicValues: { PUBLIC_API_BASE: "https://api.example.com" },
};

type Values = Record<string, unknown>;

function envOver(vars: Record<string, unknown>): Values {
  return createEnv<Values>(() => vars, () => schema);
}

function thrown(read: () => unknown): string {
  try {
    read();
  } catch (cause) {
    return (cause as Error).message;
  }
  return "(nothing thrown)";
}

test("server keys are read from the worker's env as their kind; defaults and optional keys fill in", () => {
  const env = envOver({ DATABASE_URL: "postgres://db/app", MODE: "b", FLAGS: '{"beta":true}' });
  assert.is(env.DATABASE_URL, "postgres://db/app");
  assert.is(env.PORT, 3000);
  assert.is(env.MODE, "b");
  assert.equal(env.FLAGS, { beta: true });
  assert.is(envOver({ PORT: "8080", DATABASE_URL: "x:" }).PORT, 8080);
  assert.is(envOver({ DATABASE_URL: "x:" }).MODE, undefined);
});

test("public keys are the build's values, whatever the worker's env says", () => {
  const env = envOver({ PUBLIC_API_BASE: "https://elsewhere.example.com" });
  assert.is(env.PUBLIC_API_BASE, "https://api.example.com");
  assert.is(env.PUBLIC_TAG, undefined);
});

test("a missing required key throws on access, naming it, env.ts and where to set it", () => {
  const env = envOver({ PORT: "1" });
  assert.is(env.PORT, 1, "other keys still read");
  assert.is(
    thrown(() => env.DATABASE_URL),
    "sdk/env: DATABASE_URL is not set, and env.ts declares it as a required server key. Set it in .env for sdk dev, and with `sdk secret put DATABASE_URL` for production.",
  );
  assert.match(thrown(() => envOver({ DATABASE_URL: "" }).DATABASE_URL), "DATABASE_URL is not set");
});

test("a value its kind cannot read throws without showing the value", () => {
  const message = thrown(() => envOver({ DATABASE_URL: "hunter2", PORT: "x" }).DATABASE_URL);
  assert.is(message, "sdk/env: DATABASE_URL is not an absolute URL, as env.ts declares it with env.url()");
  assert.not.match(message, "hunter2");
  assert.match(thrown(() => envOver({ MODE: "c" }).MODE), "MODE is not one of a, b");
});

test("a value is read once and read again only when the worker's variable changes", () => {
  const vars: Record<string, unknown> = { FLAGS: '{"n":1}' };
  const env = envOver(vars);
  const first = env.FLAGS;
  assert.is(env.FLAGS, first, "the same parsed object");
  vars.FLAGS = '{"n":2}';
  assert.equal(env.FLAGS, { n: 2 });
});

test("the object lists its keys, knows undeclared names are not there, and cannot be written", () => {
  const env = envOver({ DATABASE_URL: "postgres://db/app" });
  assert.equal(Object.keys(env), ["DATABASE_URL", "PORT", "MODE", "FLAGS", "PUBLIC_API_BASE", "PUBLIC_TAG"]);
  assert.ok("PORT" in env);
  assert.not.ok("OTHER" in env);
  assert.is(env.OTHER, undefined);
  assert.match(thrown(() => (env.PORT = 1)), "sdk/env: PORT is read-only");
});

test("a worker built without env.ts says so on first access", () => {
  const env = createEnv<Values>(() => ({}), () => undefined);
  assert.match(thrown(() => env.PORT), "this worker was built without env.ts");
});

test.run();
