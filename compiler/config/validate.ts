/**
 * Validates a loaded config against the JSON Schema and turns ajv's errors into diagnostics: one
 * per wrong value, named by its config path, with the rule in words and a hint. Routing patterns,
 * destinations and header lines the schema accepted are then checked against the pattern
 * language (routing-rules.ts).
 */
import { Ajv, type ErrorObject } from "ajv";
import { error, type Diagnostic } from "../diagnostics.js";
import type { SdkConfig } from "./define.js";
import { createConfigLocator, formatConfigPath, type ConfigLocator, type LocateAt, type PathKey } from "./locate.js";
import { validateRoutingRules, type RoutingRuleCode } from "./routing-rules.js";
import { configSchema } from "./schema.js";

const ajv = new Ajv({ allErrors: true, verbose: true, allowUnionTypes: true });
const check = ajv.compile(configSchema);

interface Problem {
  code: "SDK_CONFIG_INVALID" | "SDK_CONFIG_UNKNOWN_FIELD" | RoutingRuleCode;
  keys: PathKey[];
  /** Where to point in the source: the parent object for a missing field. */
  locateKeys: PathKey[];
  at: LocateAt;
  message: string;
  hint?: string;
  /** Lower wins when several errors hit the same value. */
  rank: number;
}

/** anyOf, if, not and the like: kept only when nothing more precise was said about the value. */
const WRAPPER_RANK = 9;

interface SchemaNode {
  description?: string;
  examples?: unknown[];
  properties?: Record<string, unknown>;
  minimum?: number;
  maximum?: number;
  type?: string | string[];
}

/** Where the contract says a misplaced field belongs. */
const MISPLACED: Record<string, string> = {
  "worker.d1_databases": "Binding arrays belong in `edge`, not `worker`.",
  "worker.kv_namespaces": "Binding arrays belong in `edge`, not `worker`.",
  "worker.r2_buckets": "Binding arrays belong in `edge`, not `worker`.",
};

export function validateConfig(value: unknown, source?: { file: string; text: string }): Diagnostic[] {
  const schemaProblems = check(value) ? [] : onePerValue((check.errors ?? []).map((e) => toProblem(e, value)));
  const problems = [...schemaProblems, ...routingProblems(value, schemaProblems)];
  if (problems.length === 0) return [];
  let locator: ConfigLocator | undefined;
  return problems.map((p) => {
    const position = source ? (locator ??= createConfigLocator(source.text))(p.locateKeys, p.at) : null;
    const configPath = formatConfigPath(p.keys);
    return error(p.code, p.message, {
      ...(source ? { file: source.file } : {}),
      ...(position ?? {}),
      ...(configPath ? { configPath } : {}),
      ...(p.hint ? { hint: p.hint } : {}),
    });
  });
}

/** The pattern language's rules, for the routing values the schema itself accepted. */
function routingProblems(value: unknown, schemaProblems: readonly Problem[]): Problem[] {
  return validateRoutingRules(value as SdkConfig)
    .filter((p) => !schemaProblems.some((s) => startsWith(p.keys, s.keys) || (p.at === "value" && startsWith(s.keys, p.keys))))
    .map((p) => ({ ...p, locateKeys: p.keys, rank: 0 }));
}

/** anyOf/if/propertyNames wrappers repeat what their inner errors say; keep one error per value. */
function onePerValue(problems: (Problem | null)[]): Problem[] {
  const best = new Map<string, Problem>();
  for (const problem of problems) {
    if (!problem) continue;
    const id = `${problem.at} ${formatConfigPath(problem.keys)}`;
    const seen = best.get(id);
    if (!seen || problem.rank < seen.rank) best.set(id, problem);
  }
  const kept = [...best.values()];
  return kept.filter((p) => p.rank < WRAPPER_RANK || !kept.some((o) => o !== p && startsWith(o.keys, p.keys)));
}

function startsWith(keys: PathKey[], prefix: PathKey[]): boolean {
  return prefix.length <= keys.length && prefix.every((k, i) => keys[i] === k);
}

function toProblem(e: ErrorObject, root: unknown): Problem | null {
  const keys = pathKeys(e.instancePath, root);
  const schema = (e.parentSchema ?? {}) as SchemaNode;
  const got = describeValue(e.data);
  const problem = (rank: number, message: string, hint?: string, more: Partial<Problem> = {}): Problem => ({
    code: "SDK_CONFIG_INVALID", keys, locateKeys: keys, at: "value", message, hint, rank, ...more,
  });
  const subject = keys.length === 0 ? "the config " : "";
  switch (e.keyword) {
    case "type": {
      const expected = typePhrase(e.params.type as string | string[]);
      return problem(0, `${subject}must be ${expected}, got ${got}`, typeHint(keys, expected));
    }
    case "additionalProperties": {
      const field = String(e.params.additionalProperty);
      const fieldKeys = [...keys, field];
      const known = Object.keys(schema.properties ?? {});
      const suggestion = closest(field, known);
      const owner = keys.length ? formatConfigPath(keys) : "the config";
      return problem(0, `unknown field "${field}" in ${owner}`,
        MISPLACED[formatConfigPath(fieldKeys)] ??
          (suggestion ? `Did you mean "${suggestion}"?` : `Remove it; known fields: ${known.join(", ")}.`),
        { code: "SDK_CONFIG_UNKNOWN_FIELD", keys: fieldKeys, locateKeys: fieldKeys, at: "key" });
    }
    case "required": {
      const field = String(e.params.missingProperty);
      return problem(2, `missing required field "${field}"`, `Add "${field}".`, { keys: [...keys, field] });
    }
    case "enum": {
      const allowed = e.params.allowedValues as unknown[];
      const list = allowed.map((v) => JSON.stringify(v)).join(", ");
      const suggestion = typeof e.data === "string" ? closest(e.data, allowed.map(String)) : null;
      const message = allowed.length <= 8
        ? `must be one of ${list}, got ${got}`
        : `must be one of the ${allowed.length} supported values, got ${got}`;
      return problem(1, message, suggestion ? `Did you mean "${suggestion}"?` : `Use one of ${list}.`);
    }
    case "minimum":
    case "maximum": {
      const range = rangePhrase(schema);
      return problem(3, `must be ${range}, got ${got}`, `Use ${range}.`);
    }
    case "pattern": {
      const rule = schema.description ?? `a string matching ${String(e.params.pattern)}`;
      const example = schema.examples?.[0];
      const hint = example === undefined ? "Give it a value or remove the field." : `For example ${JSON.stringify(example)}.`;
      if (e.propertyName !== undefined) {
        const keyKeys = [...keys, e.propertyName];
        return problem(1, `key ${JSON.stringify(e.propertyName)} must be ${rule}`, hint, { keys: keyKeys, locateKeys: keyKeys, at: "key" });
      }
      return problem(1, `must be ${rule}, got ${got}`, hint);
    }
    case "uniqueItems": {
      const later = Number(e.params.i) > Number(e.params.j) ? Number(e.params.i) : Number(e.params.j);
      const earlier = Number(e.params.i) + Number(e.params.j) - later;
      const itemKeys = [...keys, later];
      const item = describeValue((e.data as unknown[])[later]);
      return problem(1, `${item} is listed twice (also at index ${earlier})`, "Remove the duplicate.", { keys: itemKeys, locateKeys: itemKeys });
    }
    case "propertyNames":
      return null;
    default:
      return problem(WRAPPER_RANK, e.message ?? `breaks the rule "${e.keyword}"`, undefined);
  }
}

/** ajv's JSON Pointer, as keys; a segment is an index only where the value there is an array. */
function pathKeys(instancePath: string, root: unknown): PathKey[] {
  const keys: PathKey[] = [];
  let current: unknown = root;
  for (const raw of instancePath.split("/").slice(1)) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const key = Array.isArray(current) ? Number(segment) : segment;
    keys.push(key);
    current = current !== null && typeof current === "object" ? (current as Record<PathKey, unknown>)[key] : undefined;
  }
  return keys;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  boolean: "a boolean (true or false)",
  integer: "an integer",
  number: "a number",
  object: "an object",
  array: "an array",
  null: "null",
};

function typePhrase(type: string | string[]): string {
  return (Array.isArray(type) ? type : type.split(",")).map((t) => TYPE_WORDS[t] ?? t).join(" or ");
}

function typeHint(keys: PathKey[], expected: string): string {
  if (keys[0] === "worker" && keys[1] === "vars") return "Worker variables are plain text: wrap the value in String(...) or JSON.stringify(...).";
  return `Change the value to ${expected}.`;
}

function rangePhrase(schema: SchemaNode): string {
  const kind = schema.type === "integer" ? "an integer" : "a number";
  if (schema.minimum !== undefined && schema.maximum !== undefined) return `${kind} from ${schema.minimum} to ${schema.maximum}`;
  if (schema.minimum !== undefined) return `${kind} of at least ${schema.minimum}`;
  return `${kind} of at most ${schema.maximum}`;
}

/** A short, one-line rendering of a wrong value. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  if (typeof value === "function") return "a function";
  return String(value);
}

/** The known name closest to a misspelt one, ignoring case, `_` and `-`. */
function closest(input: string, candidates: readonly string[]): string | null {
  const normal = (s: string) => s.toLowerCase().replace(/[_-]/g, "");
  const target = normal(input);
  let best: { name: string; distance: number } | null = null;
  for (const name of candidates) {
    const distance = editDistance(target, normal(name));
    if (!best || distance < best.distance) best = { name, distance };
  }
  const allowed = Math.max(1, Math.floor(input.length / 3));
  return best && best.distance <= allowed ? best.name : null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
