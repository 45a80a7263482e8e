/**
 * `sdk/env` reads the keys env.ts declares; an edge app importing it without an env.ts could
 * only read nothing. (Other targets refuse the import itself: validate/edge-only-imports.ts.)
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";

export const ENV_MODULE = "sdk/env";

export function validateEnvImports(ir: AppIR): Diagnostic[] {
  if (ir.target !== "edge" || ir.env) return [];
  const envFile = ir.sourceDir ? `${ir.sourceDir}/env.ts` : "env.ts";
  return ir.sdkImports
    .filter((imported) => imported.specifier === ENV_MODULE)
    .map(({ file, line, column }) =>
      error("SDK_ENV_NO_SCHEMA", `"${ENV_MODULE}" is imported, but the app has no ${envFile} to declare its variables`, {
        file, line, column,
        hint: `Create ${envFile}: \`export default defineEnv({ server: { NAME: env.string() } })\` with \`import { defineEnv, env } from "sdk"\`.`,
      }),
    );
}
