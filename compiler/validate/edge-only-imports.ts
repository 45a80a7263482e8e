/** Non-edge targets have no platform bindings, so the modules that wrap them cannot be imported. */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";

/** The contract's list, and `sdk/queue`: queues run on the platform's queue service. */
export const EDGE_ONLY_MODULES = ["sdk/db", "sdk/kv", "sdk/auth", "sdk/storage", "sdk/ai", "sdk/email", "sdk/sandbox", "sdk/env", "sdk/queue"] as const;

export function edgeOnlyModuleOf(specifier: string): string | null {
  return EDGE_ONLY_MODULES.find((m) => specifier === m || specifier.startsWith(`${m}/`)) ?? null;
}

export function validateEdgeOnlyImports(ir: AppIR): Diagnostic[] {
  if (ir.target === "edge") return [];
  return ir.sdkImports.flatMap((imported) => {
    const module = edgeOnlyModuleOf(imported.specifier);
    if (!module) return [];
    return [
      error("SDK_EDGE_ONLY_IMPORT", `"${imported.specifier}" is only available on the edge target, and this build targets ${ir.target}.`, {
        file: imported.file,
        line: imported.line,
        column: imported.column,
        hint: `Build with target "edge" (sdk.config.ts \`target\` or --target edge), or remove the import of ${module}.`,
      }),
    ];
  });
}
