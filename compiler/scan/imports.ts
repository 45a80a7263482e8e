/**
 * The app's source as a whole: which modules are parsed, which fail to parse (SDK_SYNTAX), and
 * every place that imports an `sdk` module, for target validation and binding inference.
 */
import path from "node:path";
import { ts, type TS, type TsDiagnostic, type TsSourceFile, type TsStringLiteral } from "../typescript.js";
import { error, type Diagnostic } from "../diagnostics.js";
import type { BuildMode, ImportIR } from "../ir.js";
import { lineAndColumn, namedImportsOf, projectRelative } from "./ast.js";
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

/** Parse errors only: no type checking, imports are not resolved. */
export function collectSyntaxErrors(project: ScanProject, root: string): SyntaxCheck {
  const result: SyntaxCheck = { diagnostics: [], brokenFiles: new Set() };
  for (const module of project.modules()) {
    const file = projectRelative(root, module);
    for (const { message, line, column } of module.fact("syntax-errors", syntaxErrorsIn)) {
      result.diagnostics.push(error("SDK_SYNTAX", message, { file, line, column, hint: "Fix the syntax error; the file cannot be compiled as it is." }));
      result.brokenFiles.add(file);
    }
  }
  return result;
}

function syntaxErrorsIn(sourceFile: TsSourceFile): { message: string; line: number; column: number }[] {
  const diagnostics = isJavaScript(sourceFile) ? javaScriptSyntaxErrors(sourceFile) : parseDiagnostics(sourceFile);
  return diagnostics.map((diagnostic) => ({
    message: `${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")} (TS${diagnostic.code})`,
    ...lineAndColumn(sourceFile, diagnostic.start ?? 0),
  }));
}

function isJavaScript(sourceFile: TsSourceFile): boolean {
  return /\.[cm]?jsx?$/.test(sourceFile.fileName);
}

/** What the parser found: exactly a TypeScript file's syntactic diagnostics. */
function parseDiagnostics(sourceFile: TsSourceFile): readonly TsDiagnostic[] {
  return (sourceFile as TsSourceFile & { parseDiagnostics: readonly TsDiagnostic[] }).parseDiagnostics;
}

/**
 * A JavaScript file's syntax errors add the TypeScript-only syntax in it (`x: number`), which
 * only a program reports: one of that file alone, from the tree already parsed.
 */
function javaScriptSyntaxErrors(file: TsSourceFile): readonly TsDiagnostic[] {
  const options: TS.CompilerOptions = { allowJs: true, noResolve: true, noLib: true, noEmit: true };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (fileName) => (fileName === file.fileName ? file : undefined);
  host.fileExists = (fileName) => fileName === file.fileName;
  return ts.createProgram({ rootNames: [file.fileName], options, host }).getSyntacticDiagnostics(file);
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

function sdkImportsIn(sourceFile: TsSourceFile): { specifier: string; line: number; column: number }[] {
  return sdkSpecifiers(sourceFile).map((literal) => ({ specifier: literal.text, ...lineAndColumn(sourceFile, literal.getStart(sourceFile)) }));
}

function sdkSpecifiers(sourceFile: TsSourceFile): TsStringLiteral[] {
  const found: TsStringLiteral[] = [];
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.importClause?.isTypeOnly || isTypeOnlyNamedImport(statement)) continue;
      found.push(statement.moduleSpecifier);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !statement.isTypeOnly) {
      found.push(statement.moduleSpecifier);
    }
  }
  // Most modules have no `import(`; walking every node of every file costs 0.15 s at 1000 files.
  if (DYNAMIC_IMPORT.test(sourceFile.text)) {
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteral(argument)) found.push(argument);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found.filter((literal) => isSdkSpecifier(literal.text));
}

/** `import { type A, type B } from "x"`: every name is a type, so nothing is imported at run time. */
function isTypeOnlyNamedImport(declaration: TS.ImportDeclaration): boolean {
  const clause = declaration.importClause;
  const named = namedImportsOf(declaration);
  return clause !== undefined && !clause.name && named.length > 0 && named.every((specifier) => specifier.isTypeOnly);
}
