#!/usr/bin/env node
/**
 * The last step of `npm run build`: writes the config schema's compiled check beside the compiled
 * compiler (lib/compiler/config/config-check.compiled.cjs), so commands validate a config without
 * ajv's compiler (compiler/config/config-check.ts), and the `edge` passthrough's check from
 * wrangler's config schema (lib/compiler/config/edge-check.compiled.cjs), so users need no wrangler
 * (compiler/config/edge-check.ts).
 */
import { writeFileSync } from "node:fs";
import { COMPILED_CONFIG_CHECK, compileConfigCheck } from "../lib/compiler/config/config-check.js";
import { COMPILED_EDGE_CHECK, compileEdgeCheck } from "../lib/compiler/config/edge-check.js";

writeFileSync(COMPILED_CONFIG_CHECK, compileConfigCheck());
writeFileSync(COMPILED_EDGE_CHECK, compileEdgeCheck());
