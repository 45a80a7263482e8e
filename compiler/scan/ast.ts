/**
 * Syntax-only questions about an app module, answered with ts-morph without type checking:
 * what does it export, and is a value built by a given `sdk` function?
 */
import path from "node:path";
import type { SourceFile } from "ts-morph";
import { Node, Project } from "../ts-morph.js";
import type { SourceLocation } from "../ir.js";

/** One project for the whole scan: files are parsed once; imports are not followed. */
export function createScanProject(): Project {
  return new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, noResolve: true, noLib: true },
  });
}

export function addModule(project: Project, absolutePath: string): SourceFile {
  return project.getSourceFile(absolutePath) ?? project.addSourceFileAtPath(absolutePath);
}

export function projectRelative(root: string, sourceFile: SourceFile): string {
  return path.relative(root, sourceFile.getFilePath()).split(path.sep).join("/");
}

export function locationOf(root: string, node: Node): SourceLocation {
  const sourceFile = node.getSourceFile();
  const { line, column } = sourceFile.getLineAndColumnAtPos(node.getStart());
  return { file: projectRelative(root, sourceFile), line, column };
}

export interface ModuleExport {
  /** Exported name; `default` for default exports. */
  name: string;
  /** Where the name is exported, for diagnostics. */
  node: Node;
  /** The exported value as written here: an initializer, function or class; null when unknown. */
  value: Node | null;
  /** Re-exported from another module (`export { GET } from "./x"`): its value is not inspected. */
  reexport: boolean;
}

export interface ModuleExports {
  exports: ModuleExport[];
  /** `export * from "..."` is present, so the module may export names not listed. */
  hasStarExport: boolean;
}

/** The value exports of a module, from its syntax. Type-only exports are left out. */
export function collectExports(sourceFile: SourceFile): ModuleExports {
  const exports: ModuleExport[] = [];
  let hasStarExport = false;
  for (const statement of sourceFile.getStatements()) {
    if (Node.isVariableStatement(statement) && statement.isExported()) {
      for (const declaration of statement.getDeclarations()) {
        const nameNode = declaration.getNameNode();
        if (Node.isIdentifier(nameNode)) {
          exports.push({ name: nameNode.getText(), node: nameNode, value: declaration.getInitializer() ?? null, reexport: false });
        }
      }
    } else if ((Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) && statement.isExported()) {
      const name = statement.isDefaultExport() ? "default" : statement.getName();
      if (name) exports.push({ name, node: statement.getNameNode() ?? statement, value: statement, reexport: false });
    } else if (Node.isExportAssignment(statement) && !statement.isExportEquals()) {
      const expression = statement.getExpression();
      const value = Node.isIdentifier(expression) ? localValue(sourceFile, expression.getText()) : expression;
      exports.push({ name: "default", node: statement, value, reexport: false });
    } else if (Node.isExportDeclaration(statement) && !statement.isTypeOnly()) {
      const reexport = statement.hasModuleSpecifier();
      if (statement.isNamespaceExport()) {
        const alias = statement.getNamespaceExport();
        if (alias) exports.push({ name: alias.getName(), node: alias, value: null, reexport: true });
        else hasStarExport = true;
        continue;
      }
      for (const specifier of statement.getNamedExports()) {
        if (specifier.isTypeOnly()) continue;
        const local = specifier.getNameNode().getText();
        const exported = specifier.getAliasNode()?.getText() ?? local;
        const value = reexport ? null : localValue(sourceFile, local);
        exports.push({ name: exported, node: specifier.getAliasNode() ?? specifier, value, reexport });
      }
    }
  }
  return { exports, hasStarExport };
}

/** The value a top-level name is bound to in this module, when it is declared here. */
function localValue(sourceFile: SourceFile, name: string): Node | null {
  const variable = sourceFile.getVariableDeclaration(name);
  if (variable) return variable.getInitializer() ?? null;
  return sourceFile.getFunction(name) ?? sourceFile.getClass(name) ?? null;
}

/** Strips `( )`, `as T`, `satisfies T`, `!` and `<T>x` around an expression. */
export function unwrapExpression(node: Node): Node {
  let current = node;
  while (
    Node.isParenthesizedExpression(current) ||
    Node.isAsExpression(current) ||
    Node.isSatisfiesExpression(current) ||
    Node.isNonNullExpression(current) ||
    Node.isTypeAssertion(current)
  ) {
    current = current.getExpression();
  }
  return current;
}

export type SdkCallCheck = "sdk-call" | "not-imported" | "other";

/**
 * Is `value` a call of `fnName` imported from `sdk` (or the sdk `module` given, such as `sdk/ws`;
 * named, aliased or through a namespace import)? "not-imported" when it calls a function of that
 * name that does not come from there.
 */
export function checkSdkCall(value: Node | null, fnName: string, module = "sdk"): SdkCallCheck {
  if (!value) return "other";
  const call = unwrapExpression(value);
  if (!Node.isCallExpression(call)) return "other";
  const callee = unwrapExpression(call.getExpression());
  const sourceFile = call.getSourceFile();
  if (Node.isIdentifier(callee)) {
    const local = callee.getText();
    if (sdkNamedImports(sourceFile, module).get(local) === fnName) return "sdk-call";
    return local === fnName ? "not-imported" : "other";
  }
  if (Node.isPropertyAccessExpression(callee) && callee.getName() === fnName) {
    const namespace = unwrapExpression(callee.getExpression()).getText();
    return sdkNamespaceImports(sourceFile, module).has(namespace) ? "sdk-call" : "not-imported";
  }
  return "other";
}

function sdkImportDeclarations(sourceFile: SourceFile, module: string) {
  return sourceFile.getImportDeclarations().filter((d) => d.getModuleSpecifierValue() === module && !d.isTypeOnly());
}

/** Local name -> imported name, for `import { a as b } from "sdk"`. */
function sdkNamedImports(sourceFile: SourceFile, module: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const declaration of sdkImportDeclarations(sourceFile, module)) {
    for (const specifier of declaration.getNamedImports()) {
      if (specifier.isTypeOnly()) continue;
      const imported = specifier.getName();
      names.set(specifier.getAliasNode()?.getText() ?? imported, imported);
    }
  }
  return names;
}

function sdkNamespaceImports(sourceFile: SourceFile, module: string): Set<string> {
  const names = new Set<string>();
  for (const declaration of sdkImportDeclarations(sourceFile, module)) {
    const namespace = declaration.getNamespaceImport();
    if (namespace) names.add(namespace.getText());
  }
  return names;
}

/** A value that is plainly data, not a handler: `5`, `"x"`, `true`, `{...}`, `[...]`. */
export function isLiteralValue(value: Node | null): boolean {
  if (!value) return false;
  const node = unwrapExpression(value);
  return (
    Node.isStringLiteral(node) ||
    Node.isNoSubstitutionTemplateLiteral(node) ||
    Node.isNumericLiteral(node) ||
    Node.isTrueLiteral(node) ||
    Node.isFalseLiteral(node) ||
    Node.isNullLiteral(node) ||
    Node.isObjectLiteralExpression(node) ||
    Node.isArrayLiteralExpression(node)
  );
}

/** The text of a string literal or template without substitutions, else null. */
export function stringLiteralValue(value: Node | null): string | null {
  if (!value) return null;
  const node = unwrapExpression(value);
  return Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) ? node.getLiteralValue() : null;
}

export type DefaultExportCheck = { status: "ok" } | { status: "missing" } | { status: "wrong"; node: Node };

/** Does the module `export default fnName(...)` with `fnName` from `sdk` (or `module`)? Re-exports are trusted. */
export function checkDefaultExport(sourceFile: SourceFile, fnName: string, module = "sdk"): DefaultExportCheck {
  const entry = collectExports(sourceFile).exports.find((e) => e.name === "default");
  if (!entry) return { status: "missing" };
  if (entry.reexport || checkSdkCall(entry.value, fnName, module) === "sdk-call") return { status: "ok" };
  return { status: "wrong", node: entry.node };
}
