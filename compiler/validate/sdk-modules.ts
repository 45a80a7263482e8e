/**
 * Every `sdk/*` import must name a module this version provides. Modules the contract plans for
 * later capabilities, and misspelt ones, are reported at the import instead of failing the bundle.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";
import { AVAILABLE_MODULES, PLANNED_MODULES } from "../sdk-modules.js";
import { edgeOnlyModuleOf } from "./edge-only-imports.js";

export function validateSdkModules(ir: AppIR): Diagnostic[] {
  return ir.sdkImports.flatMap((imported) => {
    const { specifier, file, line, column } = imported;
    if (AVAILABLE_MODULES.has(specifier)) return [];
    if (ir.target !== "edge" && edgeOnlyModuleOf(specifier)) return [];
    if (PLANNED_MODULES.has(specifier)) {
      return [error("SDK_MODULE_UNAVAILABLE", `"${specifier}" is not available in this version of sdk.`, {
        file, line, column,
        hint: "Remove the import for now; the module arrives with the capability that needs it.",
      })];
    }
    return [error("SDK_MODULE_UNKNOWN", `"${specifier}" is not a module of sdk.`, {
      file, line, column,
      hint: `Import one of ${[...AVAILABLE_MODULES].join(", ")}.`,
    })];
  });
}
