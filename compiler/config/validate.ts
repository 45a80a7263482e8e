/**
 * Validates a loaded config against the JSON Schema and turns ajv's errors into diagnostics: one
 * per wrong value, named by its config path, with the rule in words and a hint. Routing patterns,
 * destinations and header lines the schema accepted are then checked against the pattern
 * language (routing-rules.ts), and the `sandbox` image and build context against their rules
 * (sandbox-rules.ts).
 */
import type { ErrorObject } from "ajv";
import { configError, type Diagnostic } from "../diagnostics.js";
import { configCheck } from "./config-check.js";
import type { SdkConfig } from "./define.js";
import { edgeCheck } from "./edge-check.js";
import { legacyEdgeFields } from "./edge-legacy.js";
import { enumHint, typeHint, unknownFieldHint } from "./hints.js";
import { createConfigLocator, formatConfigPath, type ConfigLocator, type LocateAt, type PathKey } from "./locate.js";
import { validateRoutingRules, type RoutingRuleCode } from "./routing-rules.js";
import { validateSandboxRules, type SandboxRuleCode } from "./sandbox-rules.js";

interface Problem {
  code: "SDK_CONFIG_INVALID" | "SDK_CONFIG_UNKNOWN_FIELD" | "SDK_CONFIG_EDGE_LEGACY" | RoutingRuleCode | SandboxRuleCode;
  keys: PathKey[];
  /** Where to point in the source: the parent object for a missing field. */
  locateKeys: PathKey[];
  at: LocateAt;
  /** Completes a sentence whose subject is the config path: "must be …", "is not a known field". */
  predicate: string;
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

/** `root`: the project folder that files the config names (`sandbox.image`) are looked up in. */
export function validateConfig(value: unknown, source?: { file: string; text: string }, root?: string): Diagnostic[] {
  const check = configCheck();
  const schemaProblems = check(value) ? [] : onePerValue((check.errors ?? []).map((e) => toProblem(e, value)));
  const problems = [...schemaProblems, ...edgeProblems(value, schemaProblems), ...routingProblems(value, schemaProblems), ...sandboxProblems(value, schemaProblems, root)];
  if (problems.length === 0) return [];
  let locator: ConfigLocator | undefined;
  return problems.map((p) => {
    const position = source ? (locator ??= createConfigLocator(source.text))(p.locateKeys, p.at) : null;
    return configError(p.code, formatConfigPath(p.keys), p.predicate, {
      ...(source ? { file: source.file } : {}),
      ...(position ?? {}),
      ...(p.hint ? { hint: p.hint } : {}),
    });
  });
}

/**
 * `edge` against wrangler's config schema (edge-check.ts), with its errors' paths under `edge`;
 * a legacy field is refused with its replacement and kept out of the schema's check.
 */
function edgeProblems(value: unknown, schemaProblems: readonly Problem[]): Problem[] {
  const edge = (value as SdkConfig | null)?.edge;
  if (edge === null || typeof edge !== "object" || Array.isArray(edge) || schemaProblems.some((p) => p.keys[0] === "edge" && p.keys.length === 1)) return [];
  const legacy = legacyEdgeFields(edge);
  const legacyProblems = legacy.map(({ field, predicate, hint }): Problem => ({
    code: "SDK_CONFIG_EDGE_LEGACY", keys: ["edge", field], locateKeys: ["edge", field], at: "key", predicate, hint, rank: 0,
  }));
  const rest = Object.fromEntries(Object.entries(edge).filter(([field]) => !legacy.some((l) => l.field === field)));
  const check = edgeCheck();
  if (check(rest)) return legacyProblems;
  const problems = onePerValue((check.errors ?? []).map((e) => toProblem(e, rest))).map((p) => ({
    ...p, keys: ["edge", ...p.keys], locateKeys: ["edge", ...p.locateKeys], hint: edgeHint(p),
  }));
  return [...legacyProblems, ...problems];
}

/** wrangler's schema knows some 80 top-level fields: an unknown one with none near it is not given the list. */
function edgeHint(problem: Problem): string | undefined {
  if (problem.code === "SDK_CONFIG_UNKNOWN_FIELD" && problem.keys.length === 2 && !problem.hint?.startsWith("Did you mean")) return "Remove it: edge takes the fields of wrangler's config schema, and this is not one of them.";
  return problem.hint && `${problem.hint} (edge follows wrangler's config schema.)`;
}

/** The pattern language's rules, for the routing values the schema itself accepted. */
function routingProblems(value: unknown, schemaProblems: readonly Problem[]): Problem[] {
  return validateRoutingRules(value as SdkConfig)
    .filter((p) => !schemaProblems.some((s) => startsWith(p.keys, s.keys) || (p.at === "value" && startsWith(s.keys, p.keys))))
    .map((p) => ({ ...p, locateKeys: p.keys, rank: 0 }));
}

/** The sandbox's image and build context, where the schema accepted the value. */
function sandboxProblems(value: unknown, schemaProblems: readonly Problem[], root: string | undefined): Problem[] {
  return validateSandboxRules(value as SdkConfig, root)
    .filter((p) => !schemaProblems.some((s) => startsWith(p.keys, s.keys)))
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
  const problem = (rank: number, predicate: string, hint?: string, more: Partial<Problem> = {}): Problem => ({
    code: "SDK_CONFIG_INVALID", keys, locateKeys: keys, at: "value", predicate, hint, rank, ...more,
  });
  switch (e.keyword) {
    case "type": {
      const types = typeNames(e.params.type as string | string[]);
      const expected = types.map((t) => TYPE_WORDS[t] ?? t).join(" or ");
      return problem(0, `must be ${expected}, got ${got}`, typeHint(keys, e.data, types, expected));
    }
    case "additionalProperties": {
      const field = String(e.params.additionalProperty);
      const fieldKeys = [...keys, field];
      const hint = MISPLACED[formatConfigPath(fieldKeys)] ?? unknownFieldHint(field, Object.keys(schema.properties ?? {}));
      return problem(0, "is not a known field", hint, { code: "SDK_CONFIG_UNKNOWN_FIELD", keys: fieldKeys, locateKeys: fieldKeys, at: "key" });
    }
    case "required": {
      const field = String(e.params.missingProperty);
      return problem(2, "is required but missing", `Add "${field}".`, { keys: [...keys, field] });
    }
    case "enum": {
      const allowed = e.params.allowedValues as unknown[];
      const predicate = allowed.length <= 8
        ? `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}, got ${got}`
        : `must be one of the ${allowed.length} supported values, got ${got}`;
      return problem(1, predicate, enumHint(e.data, allowed));
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
        return problem(1, `has an invalid key: a key here must be ${rule}`, hint, { keys: keyKeys, locateKeys: keyKeys, at: "key" });
      }
      return problem(1, `must be ${rule}, got ${got}`, hint);
    }
    case "uniqueItems": {
      const later = Number(e.params.i) > Number(e.params.j) ? Number(e.params.i) : Number(e.params.j);
      const earlier = Number(e.params.i) + Number(e.params.j) - later;
      const itemKeys = [...keys, later];
      const item = describeValue((e.data as unknown[])[later]);
      return problem(1, `repeats ${item}, already at index ${earlier}`, "Remove the duplicate.", { keys: itemKeys, locateKeys: itemKeys });
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

function typeNames(type: string | string[]): string[] {
  return Array.isArray(type) ? type : type.split(",");
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
