/**
 * Config paths (`routing.redirects["/old"].status`) and where they sit in `sdk.config.ts`: the
 * object literal passed to `defineConfig(...)` or default-exported is walked by the path's keys.
 * Values computed at run time have no literal to point at; those paths are not located.
 */
import type { SourceFile } from "ts-morph";
import { Node, Project } from "../ts-morph.js";

/** A key in a config path: a property name, or an index into an array. */
export type PathKey = string | number;

export interface SourcePosition {
  line: number;
  column: number;
}

/** Whether a diagnostic points at a property's name (unknown field) or its value. */
export type LocateAt = "key" | "value";

export type ConfigLocator = (keys: readonly PathKey[], at?: LocateAt) => SourcePosition | null;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** JavaScript notation: `worker.limits.cpu_ms`, `auth.providers[1]`, `routing.redirects["/old"]`. */
export function formatConfigPath(keys: readonly PathKey[]): string {
  let out = "";
  for (const key of keys) {
    if (typeof key === "number") out += `[${key}]`;
    else if (IDENTIFIER.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** Chains of variables and wrappers are short; the bound stops self-referencing declarations. */
const MAX_UNWRAP = 20;

export function createConfigLocator(text: string): ConfigLocator {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true } });
  const file = project.createSourceFile("sdk.config.ts", text, { overwrite: true });
  const root = defaultExportExpression(file);
  return (keys, at = "value") => {
    if (!root) return null;
    const found = walk(file, root, keys);
    if (!found) return null;
    const node = at === "key" && found.key ? found.key : found.value;
    return file.getLineAndColumnAtPos(node.getStart());
  };
}

function defaultExportExpression(file: SourceFile): Node | null {
  for (const statement of file.getStatements()) {
    if (Node.isExportAssignment(statement) && !statement.isExportEquals()) return statement.getExpression();
    if (Node.isExportDeclaration(statement) && !statement.getModuleSpecifier()) {
      const specifier = statement.getNamedExports().find((s) => s.getAliasNode()?.getText() === "default");
      if (specifier) return specifier.getNameNode();
    }
  }
  return null;
}

/**
 * Follows `defineConfig(x)`, `x as T`, `x satisfies T`, `(x)` and `const x = ...` to the value;
 * `defineEnv(x)` too, so env.ts's keys are located the same way.
 */
function unwrap(file: SourceFile, start: Node): Node {
  let node = start;
  for (let step = 0; step < MAX_UNWRAP; step++) {
    if (
      Node.isParenthesizedExpression(node) ||
      Node.isAsExpression(node) ||
      Node.isSatisfiesExpression(node) ||
      Node.isNonNullExpression(node) ||
      Node.isTypeAssertion(node)
    ) {
      node = node.getExpression();
    } else if (Node.isCallExpression(node) && /(^|\.)define(Config|Env)$/.test(node.getExpression().getText())) {
      const [first] = node.getArguments();
      if (!first) return node;
      node = first;
    } else if (Node.isIdentifier(node)) {
      const initializer = file.getVariableDeclaration(node.getText())?.getInitializer();
      if (!initializer) return node;
      node = initializer;
    } else {
      return node;
    }
  }
  return node;
}

interface Found {
  key: Node | null;
  value: Node;
}

function walk(file: SourceFile, root: Node, keys: readonly PathKey[]): Found | null {
  let found: Found = { key: null, value: root };
  for (const key of keys) {
    const container = unwrap(file, found.value);
    const next =
      typeof key === "number" ? element(container, key) : property(file, container, key);
    if (!next) return null;
    found = next;
  }
  return found;
}

function element(container: Node, index: number): Found | null {
  if (!Node.isArrayLiteralExpression(container)) return null;
  const elements = container.getElements();
  // A spread before the index shifts positions by an amount known only at run time.
  if (elements.slice(0, index + 1).some((e) => Node.isSpreadElement(e))) return null;
  const value = elements[index];
  if (!value || Node.isOmittedExpression(value)) return null;
  return { key: null, value };
}

/** The last definition of `name` wins, as in JavaScript, including ones from literal spreads. */
function property(file: SourceFile, container: Node, name: string): Found | null {
  if (!Node.isObjectLiteralExpression(container)) return null;
  for (const member of [...container.getProperties()].reverse()) {
    if (Node.isSpreadAssignment(member)) {
      const fromSpread = property(file, unwrap(file, member.getExpression()), name);
      if (fromSpread) return fromSpread;
      continue;
    }
    if (Node.isShorthandPropertyAssignment(member)) {
      if (member.getName() === name) return { key: member.getNameNode(), value: member.getNameNode() };
      continue;
    }
    const nameNode = member.getNameNode();
    if (propertyName(nameNode) !== name) continue;
    const value = Node.isPropertyAssignment(member) ? member.getInitializerOrThrow() : member;
    return { key: nameNode, value };
  }
  return null;
}

function propertyName(node: Node): string | null {
  if (Node.isIdentifier(node) || Node.isPrivateIdentifier(node)) return node.getText();
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return node.getLiteralValue();
  if (Node.isNumericLiteral(node)) return String(node.getLiteralValue());
  if (Node.isComputedPropertyName(node)) {
    const inner = node.getExpression();
    if (Node.isStringLiteral(inner) || Node.isNoSubstitutionTemplateLiteral(inner)) return propertyName(inner);
  }
  return null;
}
