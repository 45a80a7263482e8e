/**
 * With `inference.scanDirs`, only imports under those folders infer bindings. A module imported
 * elsewhere whose binding nothing else asks for will find no binding at run time: warned at the
 * import, since the binding may still come from the `edge` passthrough.
 */
import { warning, type Diagnostic } from "../diagnostics.js";
import { inferredBindingOf, isUnderScanDirs, scanDirsOf } from "../inference/bindings.js";
import type { AppIR } from "../ir.js";

export function validateUnscannedBindings(ir: AppIR): Diagnostic[] {
  const dirs = scanDirsOf(ir.config);
  if (ir.target !== "edge" || !dirs) return [];
  const warned = new Set<string>();
  return ir.sdkImports.flatMap(({ file, line, column, specifier }) => {
    const binding = inferredBindingOf(specifier);
    if (!binding || isUnderScanDirs(file, dirs) || warned.has(binding.kind)) return [];
    if (ir.config.inference?.bindings?.[binding.kind] === false || ir.bindings.some((b) => b.kind === binding.kind)) return [];
    warned.add(binding.kind);
    return [warning("SDK_BINDING_NOT_SCANNED", `"${specifier}" is imported here, but inference.scanDirs (${dirs.join(", ")}) leaves this file out, so the worker gets no ${binding.description} binding for it.`, {
      file, line, column,
      hint: `Add this file's folder to inference.scanDirs, set inference.bindings.${binding.kind} to true, or declare the binding under \`edge\` in sdk.config.ts.`,
    })];
  });
}
