import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkJsonData, escapeForScript, stringifyJsonData } from "../../../runtime/pages/serialize.ts";

const serializeForScript = (value: unknown) => escapeForScript(stringifyJsonData(value));

test("<, >, & and the two line separators are escaped as \\uXXXX", () => {
  const text = serializeForScript({ html: "</script><!-- a & b >", lines: "a\u2028b\u2029c" });
  assert.is(text, '{"html":"\\u003c/script\\u003e\\u003c!-- a \\u0026 b \\u003e","lines":"a\\u2028b\\u2029c"}');
  assert.not.match(text, /[<>&\u2028\u2029]/);
});

test("the escaped text parses back to the same value", () => {
  const value = { s: "</SCRIPT>\u2028<!--", n: [1, 2.5, null, true], nested: { "a-b": "x" } };
  assert.equal(JSON.parse(serializeForScript(value)), value);
});

test("a value with toJSON is written as JSON.stringify writes it", () => {
  const date = new Date("2026-01-02T03:04:05Z");
  assert.is(serializeForScript({ date }), '{"date":"2026-01-02T03:04:05.000Z"}');
});

test("undefined properties are left out, as JSON does", () => {
  assert.is(stringifyJsonData({ a: undefined, b: 1 }), '{"b":1}');
  assert.is(stringifyJsonData(undefined), "null");
});

test("a function is refused, naming its path", () => {
  assert.throws(() => stringifyJsonData({ user: { save() {} } }, "props"), /props\.user\.save is a function/);
});

test("a bigint is refused, naming its path", () => {
  assert.throws(() => stringifyJsonData({ items: [{ id: 1n }] }, "props"), /props\.items\[0\]\.id is a bigint/);
});

test("a symbol, a Map and a Set are refused", () => {
  assert.throws(() => stringifyJsonData({ s: Symbol("x") }), /value\.s is a symbol/);
  assert.throws(() => stringifyJsonData({ m: new Map() }), /value\.m is a Map \(it would arrive as \{\}\)/);
  assert.throws(() => stringifyJsonData([new Set()]), /value\[0\] is a Set/);
});

test("a cycle is refused, naming where it closes", () => {
  const node: Record<string, unknown> = { name: "a" };
  node["self-ref"] = { back: node };
  assert.throws(() => stringifyJsonData(node, "props"), /props\["self-ref"\]\.back is a reference to one of its own parents/);
});

test("data nested deeper than the quick plain check goes is still checked exactly", () => {
  let deep: unknown = "leaf";
  for (let depth = 0; depth < 1500; depth++) deep = { next: deep };
  assert.is(checkJsonData(deep).plain, true);
  let withDate: unknown = new Date(0);
  for (let depth = 0; depth < 1500; depth++) withDate = [withDate];
  assert.is(checkJsonData(withDate).plain, false);
});

test("the same object twice, not nested, is not a cycle", () => {
  const shared = { x: 1 };
  assert.is(stringifyJsonData({ a: shared, b: shared }), '{"a":{"x":1},"b":{"x":1}}');
});

test("the checked serialization's errors are TypeErrors", () => {
  try {
    serializeForScript({ f: () => 1 });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, TypeError);
  }
});

test("checkJsonData says when the value already is what JSON reads back, so the parse can be skipped", () => {
  const plain = [{ a: 1, b: ["x", null, true], c: { d: "e" } }, "text", 0, null, Object.assign(Object.create(null), { a: 1 })];
  for (const value of plain) assert.is(checkJsonData(value).plain, true, JSON.stringify(value));
  class Point { x = 1; }
  const changed = [{ at: new Date(0) }, { gone: undefined }, [undefined], { n: Number.NaN }, -0, new Point(), { nested: [{ at: new Date(0) }] }];
  for (const value of changed) {
    const checked = checkJsonData(value);
    assert.is(checked.plain, false, String(checked.json));
  }
  assert.equal(JSON.parse(checkJsonData({ at: new Date(0) }).json), { at: "1970-01-01T00:00:00.000Z" });
});

test.run();
