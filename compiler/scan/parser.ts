/**
 * An app module's syntax tree, from Oxc's parser: the one Rolldown bundles with, in the native
 * module a build loads anyway. It reads 1000 route modules in about 50 ms, where TypeScript's
 * parser took 0.35-0.45 s after 0.3 s to load. Syntax only: imports are not resolved and types
 * are not checked. Loaded when this module is first imported (through rolldown.ts, which sets
 * the allocator's options first), so that the scan itself can stay synchronous.
 */
import path from "node:path";
import type { ESTree, ParserOptions } from "rolldown/utils";
import { loadRolldownUtils } from "../rolldown.js";

const { parseSync, Visitor } = await loadRolldownUtils();

export type { ESTree };
export type SyntaxNode = ESTree.Node;
export type VisitorObject = ConstructorParameters<typeof Visitor>[0];

/** What is wrong with a module's syntax, at an offset of its text. */
export interface SyntaxProblem {
  message: string;
  offset: number;
  hint?: string;
}

const TYPESCRIPT = /\.[cm]?tsx?$/;
const JSX = /\.[jt]sx$/;
const COMMONJS = /\.c[jt]s$/;

/** One module's text and syntax tree, with its text's positions as line and column. */
export class ParsedModule {
  /** Absolute path with `/` on every platform. */
  readonly fileName: string;
  readonly text: string;
  readonly program: ESTree.Program;
  readonly problems: readonly SyntaxProblem[];
  #lineStarts: number[] | undefined;

  constructor(fileName: string, text: string) {
    this.fileName = fileName;
    this.text = text;
    const { program, errors } = parse(fileName, text, languageOf(fileName));
    this.program = program;
    this.problems = errors.length > 0 ? problemsOf(fileName, text, errors) : [];
  }

  /** 1-based line and column (in UTF-16 code units, as editors count) of an offset. */
  position(offset: number): { line: number; column: number } {
    const starts = (this.#lineStarts ??= lineStarts(this.text));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }

  /** The text a node was parsed from. */
  source(node: ESTree.Span): string {
    return this.text.slice(node.start, node.end);
  }
}

/** Calls the visitor's functions on every node under `node`, by node type. */
export function visit(node: ESTree.Program, visitor: VisitorObject): void {
  new Visitor(visitor).visit(node);
}

type Language = NonNullable<ParserOptions["lang"]>;

/** TypeScript by its extensions; JavaScript may hold JSX, as TypeScript's parser took it. */
function languageOf(fileName: string): Language {
  if (TYPESCRIPT.test(fileName)) return JSX.test(fileName) ? "tsx" : "ts";
  return "jsx";
}

function parse(fileName: string, text: string, lang: Language) {
  return parseSync(fileName, text, { lang, sourceType: COMMONJS.test(fileName) ? "commonjs" : "module" });
}

type OxcError = ReturnType<typeof parse>["errors"][number];

/**
 * The parser's first error (it seldom recovers well enough for a second to help). In a JavaScript
 * file that parses as TypeScript, the error is the TypeScript in it, and is named so.
 */
function problemsOf(fileName: string, text: string, errors: readonly OxcError[]): SyntaxProblem[] {
  const [first] = errors;
  const offset = first!.labels[0]?.start ?? 0;
  if (!TYPESCRIPT.test(fileName) && parse(fileName, text, "tsx").errors.length === 0) {
    return [
      {
        message: "TypeScript syntax (a type annotation, `as`, an interface) in a JavaScript file.",
        offset,
        hint: `Rename the file to ${path.basename(fileName).replace(/js(x?)$/, "ts$1")}, or remove the TypeScript from it.`,
      },
    ];
  }
  return [{ message: [first!.message, first!.helpMessage].filter(Boolean).join(". "), offset }];
}

/** Offsets where each line starts: after \n, \r\n, \r, U+2028 and U+2029, as TypeScript counts lines. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 13 && text.charCodeAt(index + 1) === 10) continue;
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) starts.push(index + 1);
  }
  return starts;
}
