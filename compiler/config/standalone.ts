/**
 * The config validator as plain ESM source, for the emitted app to check its embedded config at
 * start without shipping ajv's compiler. The schema avoids `format`, `minLength` and object-valued
 * `uniqueItems`, so the code imports no ajv runtime helper: it is one self-contained module.
 */
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";

/**
 * A schema (the config's, or a part of it such as the `routing` the server embeds) as a module
 * exporting `validate` (named and default): `validate(value)` is a boolean, `validate.errors` ajv's.
 */
export function emitValidatorModule(schema: object): string {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, code: { source: true, esm: true, lines: true } });
  // A CommonJS module: its function is `module.exports.default` in both Node and TypeScript's view.
  const source = standalone.default(ajv, ajv.compile(schema));
  if (/\brequire\(|^\s*import\s/m.test(source)) {
    throw new Error("sdk: the standalone config validator needs an ajv runtime import; keep the schema import-free");
  }
  return source;
}
