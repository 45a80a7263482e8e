/**
 * Checks a request body against a model's fields before it reaches the database: the routes
 * `sdk gen model` writes answer 422 with an error per field instead of a database error or a
 * silently coerced value.
 */

export type FieldKind = "string" | "text" | "integer" | "real" | "boolean" | "datetime" | "blob" | "json";

export interface InputField {
  kind: FieldKind;
  nullable: boolean;
}

export type InputSpec = Record<string, InputField>;

export type InputResult<Values> = { ok: true; values: Values } | { ok: false; errors: Record<string, string> };

/** `partial`: an update, where a field left out keeps its value. */
export function parseInput<Values>(spec: InputSpec, body: unknown, options: { partial?: boolean } = {}): InputResult<Values> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, errors: { body: "must be a JSON object" } };
  const errors: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(body)) if (!(name in spec)) errors[name] = "is not a field of this model";
  for (const [name, field] of Object.entries(spec)) {
    const given = (body as Record<string, unknown>)[name];
    if (given === undefined) {
      if (!options.partial && !field.nullable) errors[name] = "is required";
      continue;
    }
    if (given === null) {
      if (field.nullable) values[name] = null;
      else errors[name] = "may not be null";
      continue;
    }
    const parsed = parseValue(field.kind, given);
    if (parsed.ok) values[name] = parsed.value;
    else errors[name] = parsed.error;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: values as Values };
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function parseValue(kind: FieldKind, given: unknown): Parsed {
  switch (kind) {
    case "string":
    case "text":
      return typeof given === "string" ? { ok: true, value: given } : { ok: false, error: "must be a string" };
    case "integer":
      return Number.isSafeInteger(given) ? { ok: true, value: given } : { ok: false, error: "must be a whole number" };
    case "real":
      return typeof given === "number" && Number.isFinite(given) ? { ok: true, value: given } : { ok: false, error: "must be a number" };
    case "boolean":
      return typeof given === "boolean" ? { ok: true, value: given } : { ok: false, error: "must be true or false" };
    case "datetime": {
      const date = typeof given === "string" || typeof given === "number" ? new Date(given) : null;
      return date && !Number.isNaN(date.getTime()) ? { ok: true, value: date } : { ok: false, error: "must be a date and time (ISO 8601)" };
    }
    case "blob":
      return typeof given === "string" ? fromBase64(given) : { ok: false, error: "must be base64 text" };
    case "json":
      return { ok: true, value: given };
  }
}

function fromBase64(text: string): Parsed {
  try {
    return { ok: true, value: Uint8Array.from(atob(text), (char) => char.charCodeAt(0)) };
  } catch {
    return { ok: false, error: "must be base64 text" };
  }
}
