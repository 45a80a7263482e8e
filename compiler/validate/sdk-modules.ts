/** Every `sdk/*` import must name a module of sdk; a misspelt one is reported at the import instead of failing the bundle. */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";
import { AVAILABLE_MODULES } from "../sdk-modules.js";
import { edgeOnlyModuleOf } from "./edge-only-imports.js";

export function validateSdkModules(ir: AppIR): Diagnostic[] {
  return ir.sdkImports.flatMap((imported) => {
    const { specifier, file, line, column } = imported;
    if (AVAILABLE_MODULES.has(specifier)) return [];
    if (ir.target !== "edge" && edgeOnlyModuleOf(specifier)) return [];
    return [error("SDK_MODULE_UNKNOWN", `"${specifier}" is not a module of sdk.`, {
      file, line, column,
      hint: `Import one of ${[...AVAILABLE_MODULES].join(", ")}.`,
    })];
  });
}
