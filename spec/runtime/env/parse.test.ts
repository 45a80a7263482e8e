/** Reading a variable's string as its field's kind, shared by the build (public keys) and the worker (server keys). */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { env } from "../../../runtime/env/define.ts";
import { checkDefault, isUnset, parseEnvValue } from "../../../runtime/env/parse.ts";

const read = (field: { spec: Parameters<typeof parseEnvValue>[0] }, raw: string) => parseEnvValue(field.spec, raw);

test("each kind reads its strings and refuses the rest, without repeating the value", () => {
  assert.equal(read(env.string(), " as is "), { ok: true, value: " as is " });
  assert.equal(read(env.number(), "3000"), { ok: true, value: 3000 });
  assert.equal(read(env.number(), " -1.5 "), { ok: true, value: -1.5 });
  assert.equal(read(env.number(), "3000abc"), { ok: false, problem: "is not a number" });
  assert.equal(read(env.number(), " "), { ok: false, problem: "is not a number" });
  assert.equal(read(env.boolean(), "TRUE"), { ok: true, value: true });
  assert.equal(read(env.boolean(), "0"), { ok: true, value: false });
  assert.equal(read(env.boolean(), "yes"), { ok: false, problem: "is not a boolean (true, false, 1 or 0)" });
  assert.equal(read(env.url(), "postgres://u:p@db:5432/app"), { ok: true, value: "postgres://u:p@db:5432/app" });
  assert.equal(read(env.url(), "/relative"), { ok: false, problem: "is not an absolute URL" });
  assert.equal(read(env.email(), "team@example.com"), { ok: true, value: "team@example.com" });
  assert.equal(read(env.email(), "team@example"), { ok: false, problem: "is not an email address" });
  assert.equal(read(env.oneOf(["light", "dark"]), "dark"), { ok: true, value: "dark" });
  assert.equal(read(env.oneOf(["light", "dark"]), "Dark"), { ok: false, problem: "is not one of light, dark" });
  assert.equal(read(env.json(), '{"retries":3}'), { ok: true, value: { retries: 3 } });
  assert.equal(read(env.json(), "{retries:3}"), { ok: false, problem: "is not valid JSON" });
});

test("an empty variable is an unset one", () => {
  assert.ok(isUnset(undefined));
  assert.ok(isUnset(""));
  assert.not.ok(isUnset(" "));
  assert.not.ok(isUnset("0"));
});

test("a default must be what its kind reads as", () => {
  assert.equal(checkDefault(env.number().spec, 3000), { ok: true, value: 3000 });
  assert.equal(checkDefault(env.number().spec, "3000"), { ok: false, problem: "is not a number" });
  assert.equal(checkDefault(env.boolean().spec, "true"), { ok: false, problem: "is not a boolean" });
  assert.equal(checkDefault(env.url().spec, "not a url"), { ok: false, problem: "is not an absolute URL" });
  assert.equal(checkDefault(env.oneOf(["a", "b"]).spec, "c"), { ok: false, problem: "is not one of a, b" });
  assert.equal(checkDefault(env.json().spec, { list: [1, "two", null] }), { ok: true, value: { list: [1, "two", null] } });
  assert.equal(checkDefault(env.json().spec, { at: new Date(0) }), { ok: false, problem: "is not JSON data" });
});

test("builders record the declaration and never change the field they start from", () => {
  const base = env.string();
  const optional = base.optional();
  const withDefault = env.number().default(3000);
  assert.equal(base.spec, { kind: "string", optional: false });
  assert.equal(optional.spec, { kind: "string", optional: true });
  assert.equal(withDefault.spec, { kind: "number", optional: false, default: 3000 });
  assert.equal(env.oneOf(["a", "b"]).optional().spec, { kind: "oneOf", optional: true, values: ["a", "b"] });
});

test.run();
