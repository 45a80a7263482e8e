/**
 * Syntax-only questions about an app module, answered from TypeScript's syntax tree without type
 * checking: what does it export, and is a value built by a given `sdk` function?
 */
import type { SourceLocation } from "../ir.js";
import { toPosixRelative } from "../paths.js";
import { ts, type TS, type TsNode, type TsSourceFile } from "../typescript.js";
import type { ScanModule } from "./scan-project.js";

export function projectRelative(root: string, module: { fileName: string }): string {
  return toPosixRelative(root, module.fileName);
}

/** 1-based line and column of a position. */
export function lineAndColumn(sourceFile: TsSourceFile, position: number): { line: number; column: number } {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(position);
  return { line: line + 1, column: character + 1 };
}

export function locationOf(root: string, node: TsNode): SourceLocation {
  const sourceFile = node.getSourceFile();
  return { file: projectRelative(root, sourceFile), ...lineAndColumn(sourceFile, node.getStart(sourceFile)) };
}

export interface ModuleExport {
  /** Exported name; `default` for default exports. */
  name: string;
  /** Where the name is exported, for diagnostics. */
  node: TsNode;
  /** The exported value as written here: an initializer, function or class; null when unknown. */
  value: TsNode | null;
  /** Re-exported from another module (`export { GET } from "./x"`): its value is not inspected. */
  reexport: boolean;
}

export interface ModuleExports {
  exports: ModuleExport[];
  /** `export * from "..."` is present, so the module may export names not listed. */
  hasStarExport: boolean;
}

function hasModifier(node: TsNode, kind: TS.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((modifier) => modifier.kind === kind) ?? false);
}

/** The value exports of a module, from its syntax. Type-only exports are left out. */
export function collectExports(sourceFile: TsSourceFile): ModuleExports {
  const exports: ModuleExport[] = [];
  let hasStarExport = false;
  for (const statement of sourceFile.statements) {
    const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    if (ts.isVariableStatement(statement) && exported) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) {
          exports.push({ name: declaration.name.text, node: declaration.name, value: declaration.initializer ?? null, reexport: false });
        }
      }
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && exported) {
      const name = hasModifier(statement, ts.SyntaxKind.DefaultKeyword) ? "default" : statement.name?.text;
      if (name) exports.push({ name, node: statement.name ?? statement, value: statement, reexport: false });
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      const expression = statement.expression;
      const value = ts.isIdentifier(expression) ? localValue(sourceFile, expression.text) : expression;
      exports.push({ name: "default", node: statement, value, reexport: false });
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const reexport = statement.moduleSpecifier !== undefined;
      const clause = statement.exportClause;
      if (!clause) {
        hasStarExport = true;
        continue;
      }
      if (ts.isNamespaceExport(clause)) {
        exports.push({ name: clause.name.text, node: clause.name, value: null, reexport: true });
        continue;
      }
      for (const specifier of clause.elements) {
        if (specifier.isTypeOnly) continue;
        const local = (specifier.propertyName ?? specifier.name).text;
        const value = reexport ? null : localValue(sourceFile, local);
        exports.push({ name: specifier.name.text, node: specifier.propertyName ? specifier.name : specifier, value, reexport });
      }
    }
  }
  return { exports, hasStarExport };
}

/** The value a top-level name is bound to in this module, when it is declared here. */
function localValue(sourceFile: TsSourceFile, name: string): TsNode | null {
  for (const statement of sourceFile.statements) {
    if (ts.isVariableStatement(statement)) {
      const declaration = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
      if (declaration) return declaration.initializer ?? null;
    }
  }
  for (const statement of sourceFile.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name) return statement;
  }
  return null;
}

/** Strips `( )`, `as T`, `satisfies T`, `!` and `<T>x` around an expression. */
export function unwrapExpression(node: TsNode): TsNode {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

export type SdkCallCheck = "sdk-call" | "not-imported" | "other";

/**
 * Is `value` a call of `fnName` imported from `sdk` (or the sdk `module` given, such as `sdk/ws`;
 * named, aliased or through a namespace import)? "not-imported" when it calls a function of that
 * name that does not come from there.
 */
export function checkSdkCall(value: TsNode | null, fnName: string, module = "sdk"): SdkCallCheck {
  if (!value) return "other";
  const call = unwrapExpression(value);
  if (!ts.isCallExpression(call)) return "other";
  const callee = unwrapExpression(call.expression);
  const sourceFile = call.getSourceFile();
  if (ts.isIdentifier(callee)) {
    if (sdkNamedImports(sourceFile, module).get(callee.text) === fnName) return "sdk-call";
    return callee.text === fnName ? "not-imported" : "other";
  }
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === fnName) {
    const namespace = unwrapExpression(callee.expression).getText(sourceFile);
    return sdkNamespaceImports(sourceFile, module).has(namespace) ? "sdk-call" : "not-imported";
  }
  return "other";
}

/** The value imports of `module`: `import ... from "sdk"`, not `import type`. */
export function valueImportsOf(sourceFile: TsSourceFile, module: string): TS.ImportDeclaration[] {
  return sourceFile.statements.filter(
    (statement): statement is TS.ImportDeclaration =>
      ts.isImportDeclaration(statement) && moduleSpecifierValue(statement) === module && !statement.importClause?.isTypeOnly,
  );
}

export function moduleSpecifierValue(declaration: TS.ImportDeclaration | TS.ExportDeclaration): string | undefined {
  const specifier = declaration.moduleSpecifier;
  return specifier && ts.isStringLiteral(specifier) ? specifier.text : undefined;
}

/** The `{ a as b }` of an import, type-only ones included. */
export function namedImportsOf(declaration: TS.ImportDeclaration): readonly TS.ImportSpecifier[] {
  const bindings = declaration.importClause?.namedBindings;
  return bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
}

/** The `* as ns` of an import. */
export function namespaceImportOf(declaration: TS.ImportDeclaration): TS.Identifier | undefined {
  const bindings = declaration.importClause?.namedBindings;
  return bindings && ts.isNamespaceImport(bindings) ? bindings.name : undefined;
}

/** Local name -> imported name, for `import { a as b } from "sdk"`. */
function sdkNamedImports(sourceFile: TsSourceFile, module: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const declaration of valueImportsOf(sourceFile, module)) {
    for (const specifier of namedImportsOf(declaration)) {
      if (specifier.isTypeOnly) continue;
      names.set(specifier.name.text, (specifier.propertyName ?? specifier.name).text);
    }
  }
  return names;
}

function sdkNamespaceImports(sourceFile: TsSourceFile, module: string): Set<string> {
  const names = new Set<string>();
  for (const declaration of valueImportsOf(sourceFile, module)) {
    const namespace = namespaceImportOf(declaration);
    if (namespace) names.add(namespace.text);
  }
  return names;
}

/** A value that is plainly data, not a handler: `5`, `"x"`, `true`, `{...}`, `[...]`. */
export function isLiteralValue(value: TsNode | null): boolean {
  if (!value) return false;
  const node = unwrapExpression(value);
  return (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isNumericLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword ||
    ts.isObjectLiteralExpression(node) ||
    ts.isArrayLiteralExpression(node)
  );
}

/** The text of a string literal or template without substitutions, else null. */
export function stringLiteralValue(value: TsNode | null): string | null {
  if (!value) return null;
  const node = unwrapExpression(value);
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;
}

/** A property's name as JavaScript reads it: `a`, `"a"`, `1`; null when computed. */
export function propertyNameText(name: TS.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isNumericLiteral(name)) return String(Number(name.text));
  return null;
}

export type DefaultExportCheck = { status: "ok" } | { status: "missing" } | { status: "wrong"; node: TsNode };

/** checkDefaultExport's answer with the wrong value's place instead of its node, as facts are kept. */
export type LocatedDefaultExport = { status: "ok" } | { status: "missing" } | { status: "wrong"; where: SourceLocation };

/** Does the module `export default fnName(...)` with `fnName` from `sdk` (or `module`)? Re-exports are trusted. */
export function checkDefaultExport(sourceFile: TsSourceFile, fnName: string, module = "sdk"): DefaultExportCheck {
  const entry = collectExports(sourceFile).exports.find((e) => e.name === "default");
  if (!entry) return { status: "missing" };
  if (entry.reexport || checkSdkCall(entry.value, fnName, module) === "sdk-call") return { status: "ok" };
  return { status: "wrong", node: entry.node };
}

/** Is the module's default export a call of `fnName` from `sdk` (or `module`)? Asked once per module and function. */
export function defaultExportOf(root: string, module: ScanModule, fnName: string, sdkModule = "sdk"): LocatedDefaultExport {
  return module.fact(`default-export:${fnName}:${sdkModule}`, (sourceFile) => {
    const check = checkDefaultExport(sourceFile, fnName, sdkModule);
    return check.status === "wrong" ? { status: "wrong", where: locationOf(root, check.node) } : check;
  });
}
