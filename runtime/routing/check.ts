/**
 * The server checks its embedded routing config once at start. The build wrote it valid; an
 * edited copy (after `sdk eject`) must fail at once and say where, not half-work.
 */
import type { RuntimeRouting } from "./config.js";

interface ValidationError {
  readonly instancePath: string;
  readonly message?: string;
}

export interface Validator {
  (value: unknown): boolean;
  errors?: readonly ValidationError[] | null;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A JSON pointer (`/redirects/~1old/status`) as the config path users write: `routing.redirects["/old"].status`. */
function configPath(pointer: string): string {
  const keys = pointer.split("/").slice(1).map((key) => key.replaceAll("~1", "/").replaceAll("~0", "~"));
  return keys.reduce((out, key) => (IDENTIFIER.test(key) ? `${out}.${key}` : /^\d+$/.test(key) ? `${out}[${key}]` : `${out}[${JSON.stringify(key)}]`), "routing");
}

export function checkRouting(value: unknown, validate: Validator): RuntimeRouting {
  if (validate(value)) return value as RuntimeRouting;
  const problems = (validate.errors ?? []).map((e) => `${configPath(e.instancePath)} ${e.message ?? "is invalid"}`);
  throw new Error(`sdk: the embedded routing config is invalid: ${problems.join("; ")}. Fix routing.ts or rebuild with \`sdk build\`.`);
}
