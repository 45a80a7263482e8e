/**
 * A JSON Schema's validator as plain source, which needs neither ajv's compiler nor a schema
 * compile where it runs: for the emitted app to check its embedded config at start, and for the
 * package's own config check (config-check.ts). The schemas avoid `format`, `minLength` and
 * object-valued `uniqueItems`, so the code imports no ajv runtime helper: it is one self-contained
 * module. ajv is required here, when a validator is emitted or compiled, not by every command
 * that imports this.
 */
import { createRequire } from "node:module";
import type * as AjvModule from "ajv";
import type { CodeOptions, ValidateFunction } from "ajv";
import type standaloneModule from "ajv/dist/standalone/index.js";

const require = createRequire(import.meta.url);

export interface ValidatorModuleOptions {
  /** `esm` (the default): `export` statements; `commonjs`: `module.exports`, for a synchronous `require`. */
  format?: "esm" | "commonjs";
  /** ajv's `verbose`: each error also carries the schema and the value it is about. */
  verbose?: boolean;
  /**
   * ajv's `inlineRefs` (default true). A large schema whose definitions are referenced from many
   * places (wrangler's) is much smaller as one function per definition.
   */
  inlineRefs?: boolean;
}

/**
 * A schema (the config's, or a part of it such as the `routing` the server embeds) as a module
 * exporting `validate` (named and default): `validate(value)` is a boolean, `validate.errors` ajv's.
 */
export function emitValidatorModule(schema: object, { format = "esm", verbose = false, inlineRefs = true }: ValidatorModuleOptions = {}): string {
  // A CommonJS module: its function is `module.exports.default` in both Node and TypeScript's view.
  const standalone = require("ajv/dist/standalone/index.js") as typeof standaloneModule;
  const ajv = createAjv(verbose, { source: true, esm: format === "esm", lines: true }, inlineRefs);
  const source = standalone.default(ajv, ajv.compile(schema));
  if (/\brequire\(|^\s*import\s/m.test(source)) {
    throw new Error("sdk: the standalone config validator needs an ajv runtime import; keep the schema import-free");
  }
  return source;
}

/** The same validator compiled in this process, for where no emitted module was written. */
export function compileValidator(schema: object, { verbose = false, inlineRefs = true }: Pick<ValidatorModuleOptions, "verbose" | "inlineRefs"> = {}): ValidateFunction {
  return createAjv(verbose, undefined, inlineRefs).compile(schema);
}

function createAjv(verbose: boolean, code?: CodeOptions, inlineRefs = true): AjvModule.Ajv {
  const { Ajv } = require("ajv") as typeof AjvModule;
  return new Ajv({ allErrors: true, verbose, allowUnionTypes: true, inlineRefs, ...(code ? { code } : {}) });
}
