/**
 * The server checks its embedded routing config once at start. The build wrote it valid; an
 * edited copy (after `sdk eject`) must fail at once and say where, not half-work.
 */
import type { RuntimeRouting } from "./config.js";

interface ValidationError {
  readonly instancePath: string;
  readonly message?: string;
  /** Set for a field the schema does not have (Ajv's additionalProperties). */
  readonly params?: { readonly additionalProperty?: string };
}

export interface Validator {
  (value: unknown): boolean;
  errors?: readonly ValidationError[] | null;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The keys a JSON pointer (`/redirects/~1old/status`) names. */
function pointerKeys(pointer: string): string[] {
  return pointer.split("/").slice(1).map((key) => key.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Keys as the config path users write: `routing.redirects["/old"].status`. */
function configPath(keys: readonly string[]): string {
  return keys.reduce((out, key) => (IDENTIFIER.test(key) ? `${out}.${key}` : /^\d+$/.test(key) ? `${out}[${key}]` : `${out}[${JSON.stringify(key)}]`), "routing");
}

function problem({ instancePath, message, params }: ValidationError): string {
  const keys = pointerKeys(instancePath);
  const field = params?.additionalProperty;
  if (field !== undefined) return `${configPath([...keys, field])} is not a field of this build's routing config`;
  return `${configPath(keys)} ${message ?? "is invalid"}`;
}

export function checkRouting(value: unknown, validate: Validator): RuntimeRouting {
  if (validate(value)) return value as RuntimeRouting;
  const problems = (validate.errors ?? []).map(problem);
  throw new Error(`sdk: the embedded routing config is invalid: ${problems.join("; ")}. Fix routing.ts or rebuild with \`sdk build\`.`);
}
