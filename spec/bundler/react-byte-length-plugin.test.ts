/**
 * bundler/react-byte-length-plugin.ts: React's text-writing build gets a UTF-8 length counted in
 * place of Buffer.byteLength. The call it replaces must be in the installed react-dom (an upgrade
 * that words it otherwise fails here, not silently slower), and the length must be Buffer's.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BYTE_LENGTH_CALL, reactByteLengthPlugin, UTF8_LENGTH } from "../../bundler/react-byte-length-plugin.ts";

const require = createRequire(import.meta.url);
// The package's exports name no cjs/ files: found beside its package.json.
const REACT_DOM = path.dirname(require.resolve("react-dom/package.json"));
const BUILDS = ["production", "development"].map((mode) => path.join(REACT_DOM, "cjs", `react-dom-server.bun.${mode}.js`));

type Handler = (code: string, id: string) => { code: string } | null;
const transform = (reactByteLengthPlugin().transform as { filter: { id: RegExp }; handler: Handler });

test("the installed react-dom's text-writing builds measure chunks with the call the plugin replaces", () => {
  for (const file of BUILDS) {
    assert.ok(transform.filter.id.test(file), file);
    const code = readFileSync(file, "utf8");
    assert.match(code, `function byteLengthOfChunk(chunk) {\n  ${BYTE_LENGTH_CALL}\n}`, file);
    const replaced = transform.handler(code, file)!.code;
    assert.not.match(replaced, "Buffer.byteLength", file);
  }
});

test("the length counted in place is Buffer.byteLength's: ASCII, two and three bytes, pairs and lone surrogates", () => {
  const utf8Length = new Function("chunk", UTF8_LENGTH) as (chunk: string) => number;
  for (const text of ["", '<li class="in-stock">', "é", "✓ done", "😀", "a😀b", "\ud800", "\udc00", "a\ud800b", "\ud800\ud800\udc00", "x".repeat(5000) + "ü"]) {
    assert.is(utf8Length(text), Buffer.byteLength(text, "utf8"), JSON.stringify(text));
  }
});

test("any other module is left as it is", () => {
  assert.is(transform.handler("module.exports = 1;", "/x/react-dom-server.bun.production.js"), null);
});

test.run();
