/**
 * Environment values are strings; a field's kind says what they read as. One reading for the
 * worker (server keys, on first access) and the build (public keys, inlined), so a value the
 * build accepts the worker reads the same way. Problems never repeat the value: it may be secret.
 */
import type { EnvFieldSpec } from "./define.js";

export type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, "1": true, false: false, "0": false };
/** The shape of an address, not its deliverability: something@domain.tld without spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const ok = (value: unknown): Parsed => ({ ok: true, value });
const fail = (problem: string): Parsed => ({ ok: false, problem });

/** An unset variable and an empty one (`NAME=` in .env) are the same: not set. */
export function isUnset(raw: unknown): raw is undefined | null | "" {
  return raw === undefined || raw === null || raw === "";
}

export function parseEnvValue(spec: EnvFieldSpec, raw: string): Parsed {
  switch (spec.kind) {
    case "string":
      return ok(raw);
    case "number": {
      const value = Number(raw.trim());
      return raw.trim() !== "" && Number.isFinite(value) ? ok(value) : fail("is not a number");
    }
    case "boolean": {
      const value = BOOLEANS[raw.trim().toLowerCase()];
      return value === undefined ? fail("is not a boolean (true, false, 1 or 0)") : ok(value);
    }
    case "url":
      return URL.canParse(raw) ? ok(raw) : fail("is not an absolute URL");
    case "email":
      return EMAIL.test(raw) ? ok(raw) : fail("is not an email address");
    case "oneOf":
      return spec.values?.includes(raw) ? ok(raw) : fail(`is not one of ${(spec.values ?? []).join(", ")}`);
    case "json":
      try {
        return ok(JSON.parse(raw));
      } catch {
        return fail("is not valid JSON");
      }
  }
}

/** A `.default()` value must be what the kind reads as, so a default and a set value look alike. */
export function checkDefault(spec: EnvFieldSpec, value: unknown): Parsed {
  switch (spec.kind) {
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? ok(value) : fail("is not a number");
    case "boolean":
      return typeof value === "boolean" ? ok(value) : fail("is not a boolean");
    case "json":
      return isJson(value) ? ok(value) : fail("is not JSON data");
    default:
      return typeof value === "string" ? parseEnvValue(spec, value) : fail("is not a string");
  }
}

/** Plain JSON data, so the value the build serializes is the value the code meant. */
function isJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every(isJson);
}
