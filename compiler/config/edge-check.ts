/**
 * The `edge` passthrough's check: wrangler's own config JSON schema (`config-schema.json`, which
 * the wrangler package ships, its `RawConfig`), so a field the platform's tooling would not take
 * is caught at build, where it is written, rather than dropped or refused at deploy. Users do not
 * have wrangler: the package build compiles the schema into a standalone check beside this
 * module (scripts/compile-config-check.mjs); run from source, ajv compiles it here from the
 * wrangler devDependency. The pinned wrangler version is the schema's version.
 *
 * Descriptions are dropped (the check needs names and shapes, and they are most of the size);
 * `addresses`, which the contract lists among `edge`'s fields for mail setup but wrangler does
 * not know, is added as sdk's own.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv";
import { compileValidator, emitValidatorModule } from "./standalone.js";

const require = createRequire(import.meta.url);
const OPTIONS = { verbose: true, inlineRefs: false } as const;

/** Fields of `edge` that are sdk's, not wrangler's. */
export const SDK_EDGE_FIELDS: Readonly<Record<string, object>> = {
  addresses: {},
};

export const COMPILED_EDGE_CHECK = fileURLToPath(new URL("./edge-check.compiled.cjs", import.meta.url));

/** wrangler's schema as `edge` takes it. */
export function edgeSchema(): Record<string, unknown> {
  const schema = JSON.parse(readFileSync(require.resolve("wrangler/config-schema.json"), "utf8")) as Record<string, unknown>;
  // wrangler's own keyword for its editor support, not JSON Schema.
  delete schema.allowTrailingCommas;
  stripDescriptions(schema);
  const definitions = schema.definitions as Record<string, { properties: Record<string, object> }>;
  Object.assign(definitions.RawConfig!.properties, SDK_EDGE_FIELDS);
  return schema;
}

/** The source the package build writes to COMPILED_EDGE_CHECK. */
export function compileEdgeCheck(): string {
  return emitValidatorModule(edgeSchema(), { ...OPTIONS, format: "commonjs" });
}

let check: ValidateFunction | undefined;

/** Loaded only for a config that has `edge`: most apps never pay for it. */
export function edgeCheck(): ValidateFunction {
  if (check) return check;
  if (existsSync(COMPILED_EDGE_CHECK)) return (check = require(COMPILED_EDGE_CHECK) as ValidateFunction);
  return (check = compileValidator(edgeSchema(), OPTIONS));
}

function stripDescriptions(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(stripDescriptions);
  if (node === null || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  // A property named `description` is an object schema, not a string: it stays.
  if (typeof record.description === "string") delete record.description;
  if (typeof record.markdownDescription === "string") delete record.markdownDescription;
  Object.values(record).forEach(stripDescriptions);
}
