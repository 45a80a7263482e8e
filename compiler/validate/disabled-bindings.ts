/**
 * A module whose binding `inference.bindings` turns off cannot work: `sdk/kv` with `kv: false`
 * would reach for a binding the worker does not have. Each such import is an error at the import.
 * (Checked-in migrations still give the database its binding; `sdk/db` is an error all the same,
 * as the setting says the code should not query it.)
 */
import { error, type Diagnostic } from "../diagnostics.js";
import { inferredBindingOf } from "../inference/bindings.js";
import type { AppIR } from "../ir.js";

export function validateDisabledBindings(ir: AppIR): Diagnostic[] {
  if (ir.target !== "edge") return [];
  const settings = ir.config.inference?.bindings ?? {};
  return ir.sdkImports.flatMap(({ file, line, column, specifier }) => {
    const binding = inferredBindingOf(specifier);
    if (!binding || settings[binding.kind] !== false) return [];
    return [error("SDK_BINDING_DISABLED", `"${specifier}" is imported, but inference.bindings.${binding.kind} is false, so the worker has no ${binding.description} binding for it.`, {
      file, line, column,
      hint: `Remove \`${binding.kind}: false\` from inference.bindings in sdk.config.ts${binding.booleanOnly ? "" : " (or give the binding a name)"}, or remove the import.`,
    })];
  });
}
