/**
 * Syntax-only questions about an app module, answered from its syntax tree (ESTree, from Oxc's
 * parser) without type checking: what does it export, and is a value built by a given `sdk`
 * function?
 */
import type { SourceLocation } from "../ir.js";
import { toPosixRelative } from "../paths.js";
import type { ESTree, ParsedModule, SyntaxNode } from "./parser.js";
import type { ScanModule } from "./scan-project.js";

export function projectRelative(root: string, module: { fileName: string }): string {
  return toPosixRelative(root, module.fileName);
}

/** Where a node starts, for diagnostics. */
export function locationOf(root: string, module: ParsedModule, node: ESTree.Span): SourceLocation {
  return { file: projectRelative(root, module), ...module.position(node.start) };
}

export interface ModuleExport {
  /** Exported name; `default` for default exports. */
  name: string;
  /** Where the name is exported, for diagnostics. */
  node: SyntaxNode;
  /** The exported value as written here: an initializer, function or class; null when unknown. */
  value: SyntaxNode | null;
  /** Re-exported from another module (`export { GET } from "./x"`): its value is not inspected. */
  reexport: boolean;
}

export interface ModuleExports {
  exports: ModuleExport[];
  /** `export * from "..."` is present, so the module may export names not listed. */
  hasStarExport: boolean;
}

type Statement = ESTree.Program["body"][number];

/** `a`, `"a"` in `export { x as "a" }`. */
export function moduleExportName(name: ESTree.ModuleExportName): string {
  return name.type === "Literal" ? name.value : name.name;
}

/** The value exports of a module, from its syntax. Type-only exports are left out. */
export function collectExports(module: ParsedModule): ModuleExports {
  const exports: ModuleExport[] = [];
  let hasStarExport = false;
  for (const statement of module.program.body) {
    if (statement.type === "ExportNamedDeclaration" && statement.exportKind !== "type") {
      if (statement.declaration) {
        exports.push(...declaredExports(statement.declaration));
        continue;
      }
      const reexport = statement.source !== null;
      for (const specifier of statement.specifiers) {
        if (specifier.exportKind === "type") continue;
        const value = reexport ? null : localValue(module.program, moduleExportName(specifier.local));
        exports.push({ name: moduleExportName(specifier.exported), node: specifier.exported, value, reexport });
      }
    } else if (statement.type === "ExportDefaultDeclaration") {
      const declaration = statement.declaration;
      if (declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") {
        exports.push({ name: "default", node: declaration.id ?? statement, value: declaration, reexport: false });
      } else if (declaration.type !== "TSInterfaceDeclaration" && declaration.type !== "TSDeclareFunction") {
        const value = declaration.type === "Identifier" ? localValue(module.program, declaration.name) : declaration;
        exports.push({ name: "default", node: statement, value, reexport: false });
      }
    } else if (statement.type === "ExportAllDeclaration" && statement.exportKind !== "type") {
      if (statement.exported) exports.push({ name: moduleExportName(statement.exported), node: statement.exported, value: null, reexport: true });
      else hasStarExport = true;
    }
  }
  return { exports, hasStarExport };
}

/** `export const a = ...`, `export function f() {}`, `export class C {}`; types and overloads export no value. */
function declaredExports(declaration: ESTree.Declaration): ModuleExport[] {
  if (declaration.type === "VariableDeclaration") {
    return declaration.declarations.flatMap((d) => (d.id.type === "Identifier" ? [{ name: d.id.name, node: d.id, value: d.init ?? null, reexport: false }] : []));
  }
  if ((declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") && declaration.id) {
    return [{ name: declaration.id.name, node: declaration.id, value: declaration, reexport: false }];
  }
  return [];
}

/** The declaration a top-level statement makes, exported or not. */
function declarationOf(statement: Statement): SyntaxNode | null {
  if (statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration") return statement.declaration;
  return statement;
}

/** The value a top-level name is bound to in this module, when it is declared here. */
function localValue(program: ESTree.Program, name: string): SyntaxNode | null {
  const declarations = program.body.map(declarationOf);
  for (const declaration of declarations) {
    if (declaration?.type !== "VariableDeclaration") continue;
    const declarator = declaration.declarations.find((d) => d.id.type === "Identifier" && d.id.name === name);
    if (declarator) return declarator.init ?? null;
  }
  for (const declaration of declarations) {
    if ((declaration?.type === "FunctionDeclaration" || declaration?.type === "ClassDeclaration") && declaration.id?.name === name) return declaration;
  }
  return null;
}

/** Strips `( )`, `as T`, `satisfies T`, `!`, `<T>x` and optional chaining's wrapper around an expression. */
export function unwrapExpression(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (
    current.type === "ParenthesizedExpression" ||
    current.type === "TSAsExpression" ||
    current.type === "TSSatisfiesExpression" ||
    current.type === "TSNonNullExpression" ||
    current.type === "TSTypeAssertion" ||
    current.type === "ChainExpression"
  ) {
    current = current.expression;
  }
  return current;
}

export type SdkCallCheck = "sdk-call" | "not-imported" | "other";

/**
 * Is `value` a call of `fnName` imported from `sdk` (or the sdk `from` given, such as `sdk/ws`;
 * named, aliased or through a namespace import)? "not-imported" when it calls a function of that
 * name that does not come from there.
 */
export function checkSdkCall(module: ParsedModule, value: SyntaxNode | null, fnName: string, from = "sdk"): SdkCallCheck {
  if (!value) return "other";
  const call = unwrapExpression(value);
  if (call.type !== "CallExpression") return "other";
  const callee = unwrapExpression(call.callee);
  if (callee.type === "Identifier") {
    if (sdkNamedImports(module, from).get(callee.name) === fnName) return "sdk-call";
    return callee.name === fnName ? "not-imported" : "other";
  }
  if (callee.type === "MemberExpression" && !callee.computed && callee.property.type === "Identifier" && callee.property.name === fnName) {
    const namespace = module.source(unwrapExpression(callee.object));
    return sdkNamespaceImports(module, from).has(namespace) ? "sdk-call" : "not-imported";
  }
  return "other";
}

/** The value imports of `from`: `import ... from "sdk"`, not `import type`. */
export function valueImportsOf(module: ParsedModule, from: string): ESTree.ImportDeclaration[] {
  return module.program.body.filter(
    (statement): statement is ESTree.ImportDeclaration => statement.type === "ImportDeclaration" && statement.source.value === from && statement.importKind !== "type",
  );
}

/** The `{ a as b }` of an import, type-only ones included. */
export function namedImportsOf(declaration: ESTree.ImportDeclaration): ESTree.ImportSpecifier[] {
  return declaration.specifiers.filter((specifier): specifier is ESTree.ImportSpecifier => specifier.type === "ImportSpecifier");
}

/** The `* as ns` of an import. */
export function namespaceImportOf(declaration: ESTree.ImportDeclaration): ESTree.BindingIdentifier | undefined {
  return declaration.specifiers.find((specifier) => specifier.type === "ImportNamespaceSpecifier")?.local;
}

/** Local name -> imported name, for `import { a as b } from "sdk"`. */
function sdkNamedImports(module: ParsedModule, from: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const declaration of valueImportsOf(module, from)) {
    for (const specifier of namedImportsOf(declaration)) {
      if (specifier.importKind !== "type") names.set(specifier.local.name, moduleExportName(specifier.imported));
    }
  }
  return names;
}

function sdkNamespaceImports(module: ParsedModule, from: string): Set<string> {
  const names = new Set<string>();
  for (const declaration of valueImportsOf(module, from)) {
    const namespace = namespaceImportOf(declaration);
    if (namespace) names.add(namespace.name);
  }
  return names;
}

export function isStringLiteral(node: SyntaxNode | null | undefined): node is ESTree.StringLiteral {
  return node?.type === "Literal" && typeof node.value === "string";
}

/** A string, number, boolean or null literal; not a regular expression or a BigInt. */
function isPlainLiteral(node: SyntaxNode): node is ESTree.StringLiteral | ESTree.NumericLiteral | ESTree.BooleanLiteral | ESTree.NullLiteral {
  return node.type === "Literal" && !("regex" in node) && !("bigint" in node);
}

/** A value that is plainly data, not a handler: `5`, `"x"`, `true`, `{...}`, `[...]`. */
export function isLiteralValue(value: SyntaxNode | null): boolean {
  if (!value) return false;
  const node = unwrapExpression(value);
  return isPlainLiteral(node) || (node.type === "TemplateLiteral" && node.expressions.length === 0) || node.type === "ObjectExpression" || node.type === "ArrayExpression";
}

/** The text of a string literal or template without substitutions, else null. */
export function stringLiteralValue(value: SyntaxNode | null): string | null {
  if (!value) return null;
  const node = unwrapExpression(value);
  if (isStringLiteral(node)) return node.value;
  return node.type === "TemplateLiteral" && node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? null) : null;
}

/** The number of a number literal, else null. */
export function numberLiteralValue(value: SyntaxNode): number | null {
  const node = unwrapExpression(value);
  return node.type === "Literal" && typeof node.value === "number" ? node.value : null;
}

/** A `key: value` property of an object literal: not a spread, method, accessor or shorthand. */
export function isKeyValueProperty(property: ESTree.ObjectPropertyKind): property is ESTree.ObjectProperty {
  return property.type === "Property" && property.kind === "init" && !property.method && !property.shorthand;
}

/** A property's name as JavaScript reads it: `a`, `"a"`, `1`; `["a"]` too; null when computed otherwise. */
export function propertyNameText(property: ESTree.ObjectProperty): string | null {
  const key = property.key;
  if (!property.computed && (key.type === "Identifier" || key.type === "PrivateIdentifier")) return key.name;
  if (key.type === "Literal" && (typeof key.value === "string" || typeof key.value === "number")) return String(key.value);
  if (key.type === "TemplateLiteral") return stringLiteralValue(key);
  return null;
}

export type DefaultExportCheck = { status: "ok" } | { status: "missing" } | { status: "wrong"; node: SyntaxNode };

/** checkDefaultExport's answer with the wrong value's place instead of its node, as facts are kept. */
export type LocatedDefaultExport = { status: "ok" } | { status: "missing" } | { status: "wrong"; where: SourceLocation };

/** Does the module `export default fnName(...)` with `fnName` from `sdk` (or `from`)? Re-exports are trusted. */
export function checkDefaultExport(module: ParsedModule, fnName: string, from = "sdk"): DefaultExportCheck {
  const entry = collectExports(module).exports.find((e) => e.name === "default");
  if (!entry) return { status: "missing" };
  if (entry.reexport || checkSdkCall(module, entry.value, fnName, from) === "sdk-call") return { status: "ok" };
  return { status: "wrong", node: entry.node };
}

/** Is the module's default export a call of `fnName` from `sdk` (or `from`)? Asked once per module and function. */
export function defaultExportOf(root: string, module: ScanModule, fnName: string, from = "sdk"): LocatedDefaultExport {
  return module.fact(`default-export:${fnName}:${from}`, (parsed) => {
    const check = checkDefaultExport(parsed, fnName, from);
    return check.status === "wrong" ? { status: "wrong", where: locationOf(root, parsed, check.node) } : check;
  });
}
