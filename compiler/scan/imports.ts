/**
 * The app's source as a whole: which modules are parsed, which fail to parse (SDK_SYNTAX), and
 * every place that imports an `sdk` module, for target validation and binding inference.
 */
import path from "node:path";
import { error, type Diagnostic } from "../diagnostics.js";
import type { BuildMode, ImportIR } from "../ir.js";
import { isStringLiteral, projectRelative } from "./ast.js";
import { visit, type ESTree, type ParsedModule } from "./parser.js";
import type { ScanProject } from "./scan-project.js";
import { compareCodeUnits, isDirectory, listFiles, matchExtension, SCRIPT_EXTENSIONS } from "./files.js";
import type { ConventionName, ProjectLayout } from "./project.js";

const SOURCE_CONVENTIONS: readonly ConventionName[] = ["routes", "pages", "middleware", "crons", "queues", "email", "durable-objects", "db", "auth.ts", "env.ts"];

/**
 * Adds every script of the app to the project: the convention folders (helpers included, as
 * `_lib/` files are still bundled), `auth.ts`, `env.ts` and the shared `src/`. Files that exist
 * only in the other build mode (`x.prod.ts` in development) are left out.
 */
export function addAppSources(project: ScanProject, layout: ProjectLayout, mode: BuildMode): void {
  const places = [...SOURCE_CONVENTIONS.map((name) => layout.conventions[name]), layout.srcDir];
  for (const place of places) if (place) addScripts(project, place, mode);
}

/** The scripts of a folder (recursively, hidden ones aside) or a file, in the build mode's files. */
export function addScripts(project: ScanProject, place: string, mode: BuildMode): void {
  const otherMode = mode === "development" ? ".prod" : ".dev";
  const files = isDirectory(place)
    ? listFiles(place, { recursive: true, include: (name) => !name.startsWith(".") }).map((relative) => path.join(place, relative))
    : [place];
  for (const file of files) {
    const extension = matchExtension(path.basename(file), SCRIPT_EXTENSIONS);
    if (extension && !file.slice(0, -extension.length).endsWith(otherMode)) project.add(file);
  }
}

export interface SyntaxCheck {
  diagnostics: Diagnostic[];
  /** Project-relative paths of the files with syntax errors. */
  brokenFiles: Set<string>;
}

const SYNTAX_HINT = "Fix the syntax error; the file cannot be compiled as it is.";

/** Parse errors only: no type checking, imports are not resolved. */
export function collectSyntaxErrors(project: ScanProject, root: string): SyntaxCheck {
  const result: SyntaxCheck = { diagnostics: [], brokenFiles: new Set() };
  for (const module of project.modules()) {
    const file = projectRelative(root, module);
    for (const { message, line, column, hint } of module.fact("syntax-errors", syntaxErrorsIn)) {
      result.diagnostics.push(error("SDK_SYNTAX", message, { file, line, column, hint: hint ?? SYNTAX_HINT }));
      result.brokenFiles.add(file);
    }
  }
  return result;
}

function syntaxErrorsIn(module: ParsedModule): { message: string; line: number; column: number; hint?: string }[] {
  return module.problems.map(({ offset, ...problem }) => ({ ...problem, ...module.position(offset) }));
}

export function isSdkSpecifier(specifier: string): boolean {
  return specifier === "sdk" || specifier.startsWith("sdk/");
}

/**
 * Every value import of `sdk` or `sdk/...`: `import`, `export ... from` and `import()`.
 * Type-only imports are erased at build time and do not count.
 */
export function collectSdkImports(project: ScanProject, root: string): ImportIR[] {
  const imports: ImportIR[] = [];
  for (const module of project.modules()) {
    const file = projectRelative(root, module);
    for (const found of module.fact("sdk-imports", sdkImportsIn)) imports.push({ file, ...found });
  }
  return imports.sort((a, b) => compareCodeUnits(a.file, b.file) || a.line - b.line || a.column - b.column);
}

/** `import(` with any white space or comment between, as the parser reads it. */
const DYNAMIC_IMPORT = /\bimport(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*\(/;

function sdkImportsIn(module: ParsedModule): { specifier: string; line: number; column: number }[] {
  return sdkSpecifiers(module).map((literal) => ({ specifier: literal.value, ...module.position(literal.start) }));
}

function sdkSpecifiers(module: ParsedModule): ESTree.StringLiteral[] {
  const found: ESTree.StringLiteral[] = [];
  for (const statement of module.program.body) {
    if (statement.type === "ImportDeclaration") {
      if (statement.importKind !== "type" && !isTypeOnlyNamedImport(statement)) found.push(statement.source);
    } else if ((statement.type === "ExportNamedDeclaration" && statement.source) || statement.type === "ExportAllDeclaration") {
      if (statement.exportKind !== "type") found.push(statement.source!);
    }
  }
  // Most modules have no `import(`: the walk through every node is skipped for them.
  if (DYNAMIC_IMPORT.test(module.text)) {
    visit(module.program, {
      ImportExpression(node) {
        if (isStringLiteral(node.source)) found.push(node.source);
      },
    });
  }
  return found.filter((literal) => isSdkSpecifier(literal.value));
}

/** `import { type A, type B } from "x"`: every name is a type, so nothing is imported at run time. */
function isTypeOnlyNamedImport(declaration: ESTree.ImportDeclaration): boolean {
  const { specifiers } = declaration;
  return specifiers.length > 0 && specifiers.every((specifier) => specifier.type === "ImportSpecifier" && specifier.importKind === "type");
}
