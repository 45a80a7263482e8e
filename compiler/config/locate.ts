/**
 * Config paths (`routing.redirects["/old"].status`) and where they sit in `sdk.config.ts`: the
 * object literal passed to `defineConfig(...)` or default-exported is walked by the path's keys.
 * Values computed at run time have no literal to point at; those paths are not located.
 */
import { moduleExportName, propertyNameText, unwrapExpression } from "../scan/ast.js";
import { ParsedModule, type ESTree, type SyntaxNode } from "../scan/parser.js";

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
  const file = new ParsedModule("sdk.config.ts", text);
  const root = defaultExportExpression(file.program);
  return (keys, at = "value") => {
    if (!root) return null;
    const found = walk(file, root, keys);
    if (!found) return null;
    const node = at === "key" && found.key ? found.key : found.value;
    return file.position(node.start);
  };
}

/** `export default x`, or `export { x as default }`. */
function defaultExportExpression(program: ESTree.Program): SyntaxNode | null {
  for (const statement of program.body) {
    if (statement.type === "ExportDefaultDeclaration") return statement.declaration;
    if (statement.type === "ExportNamedDeclaration" && !statement.source) {
      const specifier = statement.specifiers.find((s) => moduleExportName(s.exported) === "default");
      if (specifier) return specifier.local;
    }
  }
  return null;
}

/** The initializer of a top-level `const name = ...`, exported or not. */
function variableInitializer(program: ESTree.Program, name: string): SyntaxNode | null {
  for (const statement of program.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    const declarator = declaration.declarations.find((d) => d.id.type === "Identifier" && d.id.name === name);
    if (declarator) return declarator.init ?? null;
  }
  return null;
}

/**
 * Follows `defineConfig(x)`, `x as T`, `x satisfies T`, `(x)` and `const x = ...` to the value;
 * `defineEnv(x)` too, so env.ts's keys are located the same way.
 */
function unwrap(file: ParsedModule, start: SyntaxNode): SyntaxNode {
  let node = start;
  for (let step = 0; step < MAX_UNWRAP; step++) {
    const inner = unwrapExpression(node);
    if (inner !== node) {
      node = inner;
    } else if (node.type === "CallExpression" && /(^|\.)define(Config|Env)$/.test(file.source(node.callee))) {
      const [first] = node.arguments;
      if (!first) return node;
      node = first;
    } else if (node.type === "Identifier") {
      const initializer = variableInitializer(file.program, node.name);
      if (!initializer) return node;
      node = initializer;
    } else {
      return node;
    }
  }
  return node;
}

interface Found {
  key: SyntaxNode | null;
  value: SyntaxNode;
}

function walk(file: ParsedModule, root: SyntaxNode, keys: readonly PathKey[]): Found | null {
  let found: Found = { key: null, value: root };
  for (const key of keys) {
    const container = unwrap(file, found.value);
    const next = typeof key === "number" ? element(container, key) : property(file, container, key);
    if (!next) return null;
    found = next;
  }
  return found;
}

function element(container: SyntaxNode, index: number): Found | null {
  if (container.type !== "ArrayExpression") return null;
  const elements = container.elements;
  // A spread before the index shifts positions by an amount known only at run time.
  if (elements.slice(0, index + 1).some((e) => e?.type === "SpreadElement")) return null;
  const value = elements[index];
  return value ? { key: null, value } : null;
}

/** The last definition of `name` wins, as in JavaScript, including ones from literal spreads. */
function property(file: ParsedModule, container: SyntaxNode, name: string): Found | null {
  if (container.type !== "ObjectExpression") return null;
  for (const member of [...container.properties].reverse()) {
    if (member.type === "SpreadElement") {
      const fromSpread = property(file, unwrap(file, member.argument), name);
      if (fromSpread) return fromSpread;
      continue;
    }
    if (propertyNameText(member) !== name) continue;
    // A method or accessor is located at itself; a shorthand's key is its value.
    const value = member.kind === "init" && !member.method ? member.value : member;
    return { key: member.key, value };
  }
  return null;
}
