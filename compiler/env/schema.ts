/**
 * env.ts's default export, as evaluated, checked and turned into the IR's keys: every mistake is
 * located at the key in env.ts (a declaration computed at run time is reported at the file).
 * Public keys are named `PUBLIC_*` and server keys are not, so a name says at a glance whether its
 * value may reach a browser; a name is either a server key or a public key, never both.
 */
import { describeValue } from "../config/validate.js";
import { createConfigLocator, type PathKey } from "../config/locate.js";
import { error, type Diagnostic } from "../diagnostics.js";
import type { EnvKeyIR } from "../ir.js";
import type { EnvFieldSpec, EnvKind } from "../../runtime/env/define.js";
import { checkDefault } from "../../runtime/env/parse.js";
import type { EnvScope } from "../../runtime/env/registry.js";

const PUBLIC_PREFIX = "PUBLIC_";
const KINDS: readonly EnvKind[] = ["string", "number", "boolean", "url", "email", "oneOf", "json"];
const SCOPES: readonly EnvScope[] = ["server", "public"];
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const BUILDERS = "env.string(), env.number(), env.boolean(), env.url(), env.email(), env.oneOf([...]) or env.json()";
const DEFINE_HINT = 'Default-export `defineEnv({ server: { ... }, public: { ... } })` with `import { defineEnv, env } from "sdk"`.';

/** Where a key is declared: the file, and its line and column when the source names it literally. */
interface Place {
  file: string;
  line?: number;
  column?: number;
}

export interface DescribedEnv {
  /** The keys declared without a mistake, server keys first, each scope in declaration order. */
  keys: EnvKeyIR[];
  diagnostics: Diagnostic[];
}

export function describeEnv(exported: Record<string, unknown>, file: string, text: string): DescribedEnv {
  const locator = createConfigLocator(text);
  const at = (keys: PathKey[], where: "key" | "value" = "key"): Place => ({ file, ...(locator(keys, where) ?? {}) });
  if (!("default" in exported)) {
    return { keys: [], diagnostics: [error("SDK_ENV_NO_DEFAULT", `${file} has no default export`, { file, hint: DEFINE_HINT })] };
  }
  const definition = exported.default as { kind?: unknown } | null;
  if (definition === null || typeof definition !== "object" || definition.kind !== "env") {
    return { keys: [], diagnostics: [error("SDK_ENV_NO_DEFAULT", `the default export of ${file} must be defineEnv({ ... }), got ${describeValue(definition)}`, { ...at([], "value"), hint: DEFINE_HINT })] };
  }
  const keys: EnvKeyIR[] = [];
  const diagnostics: Diagnostic[] = [];
  const scopeOf = new Map<string, { scope: EnvScope; where: string }>();
  for (const scope of SCOPES) {
    const fields = (definition as Record<string, unknown>)[scope];
    if (!isPlainObject(fields)) {
      diagnostics.push(error("SDK_ENV_INVALID", `${scope} must be an object of fields, got ${describeValue(fields)}`, { ...at([scope], "value"), hint: `Give ${scope} an object such as { NAME: env.string() }.` }));
      continue;
    }
    for (const [name, value] of Object.entries(fields)) {
      const location = at([scope, name]);
      const problem = keyProblem(scope, name, value, location, scopeOf.get(name));
      if (problem) {
        diagnostics.push(problem);
        continue;
      }
      scopeOf.set(name, { scope, where: where(location) });
      const { line, column } = location;
      keys.push({ name, scope, ...specOf(value as { spec: EnvFieldSpec }), ...(line !== undefined ? { line, column } : {}) });
    }
  }
  return { keys, diagnostics };
}

/** The one mistake a key has, the most basic first: a name declared twice hides its other mistakes. */
function keyProblem(scope: EnvScope, name: string, value: unknown, location: Place, earlier: { scope: EnvScope; where: string } | undefined): Diagnostic | null {
  if (earlier) {
    return error("SDK_ENV_DUPLICATE", `${name} is declared as a ${earlier.scope} key (${earlier.where}) and again as a ${scope} key`, {
      ...location,
      hint: "A name is either a server key or a public key: remove one of the two.",
    });
  }
  if (!VARIABLE_NAME.test(name)) {
    return error("SDK_ENV_INVALID", `${scope}.${JSON.stringify(name)} is not a variable name`, { ...location, hint: "Use letters, digits and underscores, not starting with a digit: API_TOKEN." });
  }
  const spec = fieldSpec(value);
  if (!spec) {
    return error("SDK_ENV_INVALID", `${scope}.${name} must be a field built with env, got ${describeValue(value)}`, { ...location, hint: `Declare it with ${BUILDERS}.` });
  }
  if (spec.kind === "oneOf" && !(Array.isArray(spec.values) && spec.values.length > 0 && spec.values.every((v) => typeof v === "string"))) {
    return error("SDK_ENV_INVALID", `${scope}.${name} must list its values as strings`, { ...location, hint: 'Pass them to env.oneOf: env.oneOf(["light", "dark"]).' });
  }
  const isPublic = name.startsWith(PUBLIC_PREFIX);
  if (scope === "public" && !isPublic) {
    return error("SDK_ENV_PUBLIC_PREFIX", `public key ${name} does not start with ${PUBLIC_PREFIX}`, {
      ...location,
      hint: `Rename it ${PUBLIC_PREFIX}${name}: public values are inlined into browser code, and the prefix says so wherever the name is read.`,
    });
  }
  if (scope === "server" && isPublic) {
    return error("SDK_ENV_PUBLIC_PREFIX", `server key ${name} starts with ${PUBLIC_PREFIX}, which marks public keys`, {
      ...location,
      hint: `Move it to public if the browser may see it, or rename it without ${PUBLIC_PREFIX}.`,
    });
  }
  if ("default" in spec) {
    const checked = checkDefault(spec, spec.default);
    if (!checked.ok) {
      return error("SDK_ENV_DEFAULT", `the default of ${scope}.${name} ${checked.problem}, but the key is declared with env.${spec.kind}()`, {
        ...location,
        hint: `Give .default() a value of the field's kind: ${defaultExample(spec.kind)}.`,
      });
    }
  }
  return null;
}

/** The field's declaration, when `value` is one of our builders' fields. */
function fieldSpec(value: unknown): EnvFieldSpec | null {
  const spec = (value as { spec?: Partial<EnvFieldSpec> } | null)?.spec;
  if (!spec || typeof spec !== "object" || !KINDS.includes(spec.kind as EnvKind) || typeof spec.optional !== "boolean") return null;
  return spec as EnvFieldSpec;
}

/** Only what the worker needs: the spec's own fields, `values` and `default` only when given. */
function specOf(field: { spec: EnvFieldSpec }): EnvFieldSpec {
  const { kind, values, optional } = field.spec;
  return { kind, ...(values ? { values: [...values] } : {}), optional, ...("default" in field.spec ? { default: field.spec.default } : {}) };
}

function defaultExample(kind: EnvKind): string {
  const examples: Record<EnvKind, string> = {
    string: '.default("text")',
    number: ".default(3000)",
    boolean: ".default(false)",
    url: '.default("https://example.com")',
    email: '.default("team@example.com")',
    oneOf: "one of the listed values",
    json: ".default({ retries: 3 })",
  };
  return examples[kind];
}

function where(location: Place): string {
  return location.line !== undefined ? `${location.file}:${location.line}:${location.column}` : location.file;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
