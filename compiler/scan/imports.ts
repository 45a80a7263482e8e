/**
 * The app's source as a whole: which modules are parsed, which fail to parse (SDK_SYNTAX), and
 * every place that imports an `sdk` module, for target validation and binding inference.
 */
import path from "node:path";
import type { ImportDeclaration, Project, SourceFile, StringLiteral } from "ts-morph";
import { Node, SyntaxKind, ts } from "../ts-morph.js";
import { error, type Diagnostic } from "../diagnostics.js";
import type { BuildMode, ImportIR } from "../ir.js";
import { addModule, locationOf, projectRelative } from "./ast.js";
import { compareCodeUnits, isDirectory, listFiles, matchExtension, SCRIPT_EXTENSIONS } from "./files.js";
import type { ConventionName, ProjectLayout } from "./project.js";

const SOURCE_CONVENTIONS: readonly ConventionName[] = ["routes", "pages", "middleware", "crons", "queues", "email", "durable-objects", "db", "auth.ts", "env.ts"];

/**
 * Adds every script of the app to the project: the convention folders (helpers included, as
 * `_lib/` files are still bundled), `auth.ts`, `env.ts` and the shared `src/`. Files that exist
 * only in the other build mode (`x.prod.ts` in development) are left out.
 */
export function addAppSources(project: Project, layout: ProjectLayout, mode: BuildMode): void {
  const places = [...SOURCE_CONVENTIONS.map((name) => layout.conventions[name]), layout.srcDir];
  for (const place of places) if (place) addScripts(project, place, mode);
}

/** The scripts of a folder (recursively, hidden ones aside) or a file, in the build mode's files. */
export function addScripts(project: Project, place: string, mode: BuildMode): void {
  const otherMode = mode === "development" ? ".prod" : ".dev";
  const files = isDirectory(place)
    ? listFiles(place, { recursive: true, include: (name) => !name.startsWith(".") }).map((relative) => path.join(place, relative))
    : [place];
  for (const file of files) {
    const extension = matchExtension(path.basename(file), SCRIPT_EXTENSIONS);
    if (extension && !file.slice(0, -extension.length).endsWith(otherMode)) addModule(project, file);
  }
}

export interface SyntaxCheck {
  diagnostics: Diagnostic[];
  /** Project-relative paths of the files with syntax errors. */
  brokenFiles: Set<string>;
}

/** Parse errors only: no type checking, imports are not resolved. */
export function collectSyntaxErrors(project: Project, root: string): SyntaxCheck {
  const program = project.getProgram();
  const result: SyntaxCheck = { diagnostics: [], brokenFiles: new Set() };
  for (const sourceFile of project.getSourceFiles()) {
    const file = projectRelative(root, sourceFile);
    for (const diagnostic of program.getSyntacticDiagnostics(sourceFile)) {
      const { line, column } = sourceFile.getLineAndColumnAtPos(diagnostic.getStart() ?? 0);
      const message = ts.flattenDiagnosticMessageText(diagnostic.compilerObject.messageText, "\n");
      result.diagnostics.push(error("SDK_SYNTAX", `${message} (TS${diagnostic.getCode()})`, { file, line, column, hint: "Fix the syntax error; the file cannot be compiled as it is." }));
      result.brokenFiles.add(file);
    }
  }
  return result;
}

export function isSdkSpecifier(specifier: string): boolean {
  return specifier === "sdk" || specifier.startsWith("sdk/");
}

/**
 * Every value import of `sdk` or `sdk/...`: `import`, `export ... from` and `import()`.
 * Type-only imports are erased at build time and do not count.
 */
export function collectSdkImports(project: Project, root: string): ImportIR[] {
  const imports: ImportIR[] = [];
  for (const sourceFile of project.getSourceFiles()) {
    for (const literal of sdkSpecifiers(sourceFile)) {
      const { file, line, column } = locationOf(root, literal);
      imports.push({ file, specifier: literal.getLiteralValue(), line, column });
    }
  }
  return imports.sort((a, b) => compareCodeUnits(a.file, b.file) || a.line - b.line || a.column - b.column);
}

function sdkSpecifiers(sourceFile: SourceFile): StringLiteral[] {
  const found: StringLiteral[] = [];
  for (const declaration of sourceFile.getImportDeclarations()) {
    if (declaration.isTypeOnly() || isTypeOnlyNamedImport(declaration)) continue;
    found.push(declaration.getModuleSpecifier());
  }
  for (const declaration of sourceFile.getExportDeclarations()) {
    const specifier = declaration.getModuleSpecifier();
    if (specifier && !declaration.isTypeOnly()) found.push(specifier);
  }
  for (const call of sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const [argument] = call.getArguments();
    if (call.getExpression().getKind() === SyntaxKind.ImportKeyword && Node.isStringLiteral(argument)) found.push(argument);
  }
  return found.filter((literal) => isSdkSpecifier(literal.getLiteralValue()));
}

/** `import { type A, type B } from "x"`: every name is a type, so nothing is imported at run time. */
function isTypeOnlyNamedImport(declaration: ImportDeclaration): boolean {
  const named = declaration.getNamedImports();
  return !declaration.getDefaultImport() && !declaration.getNamespaceImport() && named.length > 0 && named.every((n) => n.isTypeOnly());
}
