/**
 * What to suggest for a wrong config value. A hint never offers back the value that was written:
 * a near-miss gets the closest allowed spelling, and a value of the wrong type (`"301"` where the
 * number 301 is needed) is told the type, since the two print alike.
 */
import type { PathKey } from "./locate.js";

/** For a value outside an enum: the same value in the needed type, a close spelling, or the list. */
export function enumHint(given: unknown, allowed: readonly unknown[]): string {
  const list = allowed.map((v) => JSON.stringify(v)).join(", ");
  const sameText = allowed.find((v) => typeof v !== typeof given && String(v) === String(given));
  if (sameText !== undefined) return `Use ${typedValue(sameText)}, not ${typedValue(given)}.`;
  const kinds = [...new Set(allowed.map(kindOf))];
  if (!kinds.includes(kindOf(given))) return `Use one of ${list} (${kinds.join(" or ")}, not ${kindOf(given)}).`;
  const suggestion = typeof given === "string" ? closest(given, allowed.filter((v): v is string => typeof v === "string")) : null;
  return suggestion ? `Did you mean ${JSON.stringify(suggestion)}?` : `Use one of ${list}.`;
}

/** For a value of the wrong type; `types` are JSON Schema's names, `expected` their phrase. */
export function typeHint(keys: readonly PathKey[], given: unknown, types: readonly string[], expected: string): string {
  if (keys[0] === "worker" && keys[1] === "vars") return "Worker variables are plain text: wrap the value in String(...) or JSON.stringify(...).";
  const converted = convert(given, types);
  if (converted !== undefined) return `Use ${typedValue(converted)}, not ${typedValue(given)}.`;
  return `Change the value to ${expected}.`;
}

/** For an unknown field: a known one spelt nearly alike, or the list of known fields. */
export function unknownFieldHint(field: string, known: readonly string[]): string {
  const suggestion = closest(field, known);
  return suggestion ? `Did you mean "${suggestion}"?` : `Remove it; known fields: ${known.join(", ")}.`;
}

/** `given` as the needed type when it is the same text: "50" as 50, "true" as true, 8 as "8". */
function convert(given: unknown, types: readonly string[]): unknown {
  if (typeof given === "string") {
    const number = Number(given);
    const numeric = given.trim() !== "" && Number.isFinite(number);
    if (numeric && (types.includes("number") || (types.includes("integer") && Number.isInteger(number)))) return number;
    if ((given === "true" || given === "false") && types.includes("boolean")) return given === "true";
    return undefined;
  }
  if ((typeof given === "number" || typeof given === "boolean") && types.includes("string")) return String(given);
  return undefined;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

/** `the number 301`, `the string "301"`: the type said with the value, where both print alike. */
function typedValue(value: unknown): string {
  const shown = JSON.stringify(value);
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? `the ${typeof value} ${shown}` : shown;
}

/**
 * The candidate closest to a misspelt name, ignoring case, `_` and `-`; never the name itself.
 * Config fields, column types and the CLI's commands and options all ask it.
 */
export function closest(input: string, candidates: readonly string[]): string | null {
  const normal = (s: string) => s.toLowerCase().replace(/[_-]/g, "");
  const target = normal(input);
  let best: { name: string; distance: number } | null = null;
  for (const name of candidates) {
    if (name === input) continue;
    const distance = editDistance(target, normal(name));
    if (!best || distance < best.distance) best = { name, distance };
  }
  const allowed = Math.max(1, Math.floor(input.length / 3));
  return best && best.distance <= allowed ? best.name : null;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions, and a swap of two
 * neighbouring letters as one edit (`biuld` -> `build`, `reidrects` -> `redirects`).
 */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i]![j] = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i]![j] = Math.min(rows[i]![j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}
