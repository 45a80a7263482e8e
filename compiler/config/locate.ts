/**
 * Config paths (`routing.redirects["/old"].status`) and where they sit in `sdk.config.ts`: the
 * object literal passed to `defineConfig(...)` or default-exported is walked by the path's keys.
 * Values computed at run time have no literal to point at; those paths are not located.
 */
import { lineAndColumn, propertyNameText, unwrapExpression } from "../scan/ast.js";
import { ts, type TS, type TsNode, type TsSourceFile } from "../typescript.js";

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
  const file = ts.createSourceFile("sdk.config.ts", text, ts.ScriptTarget.Latest, true);
  const root = defaultExportExpression(file);
  return (keys, at = "value") => {
    if (!root) return null;
    const found = walk(file, root, keys);
    if (!found) return null;
    const node = at === "key" && found.key ? found.key : found.value;
    return lineAndColumn(file, node.getStart(file));
  };
}

function defaultExportExpression(file: TsSourceFile): TsNode | null {
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) return statement.expression;
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      const specifier = statement.exportClause.elements.find((s) => s.propertyName && s.name.text === "default");
      if (specifier) return specifier.propertyName!;
    }
  }
  return null;
}

/** The initializer of a top-level `const name = ...`. */
function variableInitializer(file: TsSourceFile, name: string): TsNode | undefined {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const declaration = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
    if (declaration) return declaration.initializer;
  }
  return undefined;
}

/**
 * Follows `defineConfig(x)`, `x as T`, `x satisfies T`, `(x)` and `const x = ...` to the value;
 * `defineEnv(x)` too, so env.ts's keys are located the same way.
 */
function unwrap(file: TsSourceFile, start: TsNode): TsNode {
  let node = start;
  for (let step = 0; step < MAX_UNWRAP; step++) {
    const inner = unwrapExpression(node);
    if (inner !== node) {
      node = inner;
    } else if (ts.isCallExpression(node) && /(^|\.)define(Config|Env)$/.test(node.expression.getText(file))) {
      const [first] = node.arguments;
      if (!first) return node;
      node = first;
    } else if (ts.isIdentifier(node)) {
      const initializer = variableInitializer(file, node.text);
      if (!initializer) return node;
      node = initializer;
    } else {
      return node;
    }
  }
  return node;
}

interface Found {
  key: TsNode | null;
  value: TsNode;
}

function walk(file: TsSourceFile, root: TsNode, keys: readonly PathKey[]): Found | null {
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

function element(container: TsNode, index: number): Found | null {
  if (!ts.isArrayLiteralExpression(container)) return null;
  const elements = container.elements;
  // A spread before the index shifts positions by an amount known only at run time.
  if (elements.slice(0, index + 1).some((e) => ts.isSpreadElement(e))) return null;
  const value = elements[index];
  if (!value || ts.isOmittedExpression(value)) return null;
  return { key: null, value };
}

/** The last definition of `name` wins, as in JavaScript, including ones from literal spreads. */
function property(file: TsSourceFile, container: TsNode, name: string): Found | null {
  if (!ts.isObjectLiteralExpression(container)) return null;
  for (const member of [...container.properties].reverse()) {
    if (ts.isSpreadAssignment(member)) {
      const fromSpread = property(file, unwrap(file, member.expression), name);
      if (fromSpread) return fromSpread;
      continue;
    }
    if (ts.isShorthandPropertyAssignment(member)) {
      if (member.name.text === name) return { key: member.name, value: member.name };
      continue;
    }
    if (!member.name || propertyName(member.name) !== name) continue;
    const value = ts.isPropertyAssignment(member) ? member.initializer : member;
    return { key: member.name, value };
  }
  return null;
}

function propertyName(node: TS.PropertyName): string | null {
  if (ts.isComputedPropertyName(node)) {
    const inner = node.expression;
    return ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) ? inner.text : null;
  }
  return propertyNameText(node);
}
