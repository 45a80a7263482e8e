/**
 * The scan's parser (compiler/scan/parser.ts): positions as editors count them, each file read in
 * its own language, and the exports the scan sees (compiler/scan/ast.ts).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { collectExports } from "../../../compiler/scan/ast.ts";
import { ParsedModule } from "../../../compiler/scan/parser.ts";

const exportNames = (fileName: string, text: string) => collectExports(new ParsedModule(fileName, text)).exports.map((entry) => entry.name);

test("a position is a 1-based line and a column in UTF-16 code units, after \\n, \\r\\n, \\r, U+2028 and U+2029", () => {
  const text = "a\r\nb\rc\u2028d\u2029e\n😀x";
  const module = new ParsedModule("/app/x.ts", text);
  const at = (needle: string) => module.position(text.indexOf(needle));
  assert.equal([at("a"), at("b"), at("c"), at("d"), at("e"), at("x")], [
    { line: 1, column: 1 },
    { line: 2, column: 1 },
    { line: 3, column: 1 },
    { line: 4, column: 1 },
    { line: 5, column: 1 },
    { line: 6, column: 3 },
  ]);
});

test("each file is read in its own language: JSX in .js and .tsx, TypeScript only in .ts files, CommonJS in .cjs", () => {
  assert.equal(new ParsedModule("/app/a.js", "export default () => <div />;").problems, []);
  assert.equal(new ParsedModule("/app/a.tsx", "export default () => <div />;").problems, []);
  assert.equal(new ParsedModule("/app/a.ts", "export const a = <T>(b);").problems, []);
  assert.equal(new ParsedModule("/app/a.cjs", "module.exports = 1; return;").problems, []);
  assert.is(new ParsedModule("/app/a.ts", "export default () => <div />;").problems.length, 1);
});

test("a parse error is the parser's first, at its offset", () => {
  const [problem, ...more] = new ParsedModule("/app/a.ts", "const a = { b: 1 ;\n").problems;
  assert.equal(more, []);
  assert.is(problem!.message, "Expected `,` or `}` but found `;`");
  assert.is(problem!.offset, 17);
});

test("TypeScript in a JavaScript file is named so, with the file's TypeScript name", () => {
  for (const [file, renamed] of [["a.js", "a.ts"], ["a.mjs", "a.mts"], ["a.cjs", "a.cts"], ["a.jsx", "a.tsx"]]) {
    const [problem] = new ParsedModule(`/app/${file}`, "export function add(a: number) { return a; }\n").problems;
    assert.is(problem!.hint, `Rename the file to ${renamed}, or remove the TypeScript from it.`);
  }
});

test("exports: values, renamed and string names, defaults; no types, overloads or ambient declarations", () => {
  const text = [
    "export const GET = 1, { a } = {};",
    "export function POST(): void;",
    "export function POST() {}",
    "export class C {}",
    "export type T = 1;",
    "export interface I {}",
    "export declare const D: number;",
    "const h = 1;",
    'export { h as "PATCH", type T as U };',
    "export default function () {}",
  ].join("\n");
  assert.equal(exportNames("/app/a.ts", text), ["GET", "POST", "C", "PATCH", "default"]);
});

test("export * is noted, export * as ns is a re-exported name", () => {
  const { exports, hasStarExport } = collectExports(new ParsedModule("/app/a.ts", 'export * from "./a";\nexport * as ns from "./b";\nexport type * from "./c";'));
  assert.ok(hasStarExport);
  assert.equal(exports.map((entry) => [entry.name, entry.reexport]), [["ns", true]]);
});

test.run();
