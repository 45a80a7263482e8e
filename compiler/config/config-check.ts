/**
 * The config schema's compiled check. The package build writes it out as plain code
 * (scripts/compile-config-check.mjs), so a command validates its config without loading ajv and
 * compiling the schema first (about 0.1 s of every `sdk build` and `sdk dev` start). Run from
 * source, where nothing was written, ajv compiles the same schema with the same options here.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv";
import { configSchema } from "./schema.js";
import { compileValidator, emitValidatorModule } from "./standalone.js";

const require = createRequire(import.meta.url);
/** Each error carries its schema and value: validate.ts's hints read them. */
const VERBOSE = { verbose: true } as const;

/** Where the package build writes the check, beside this module's compiled code. */
export const COMPILED_CONFIG_CHECK = fileURLToPath(new URL("./config-check.compiled.cjs", import.meta.url));

/** The source the package build writes to COMPILED_CONFIG_CHECK. */
export function compileConfigCheck(): string {
  return emitValidatorModule(configSchema, { ...VERBOSE, format: "commonjs" });
}

let check: ValidateFunction | undefined;

export function configCheck(): ValidateFunction {
  if (check) return check;
  if (existsSync(COMPILED_CONFIG_CHECK)) return (check = require(COMPILED_CONFIG_CHECK) as ValidateFunction);
  return (check = compileValidator(configSchema, VERBOSE));
}
