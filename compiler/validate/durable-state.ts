/** `durable-objects/` compiles to durable-state classes, which only the edge target has. */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";

export function validateDurableStateTarget(ir: AppIR): Diagnostic[] {
  if (ir.target === "edge") return [];
  return ir.jobs.durableObjects.map(({ file, className }) =>
    error("SDK_DURABLE_STATE_EDGE_ONLY", `Durable state ${className} needs the edge platform's durable objects, and this build targets ${ir.target}.`, {
      file,
      line: 1,
      column: 1,
      hint: 'Build with target "edge" (sdk.config.ts `target` or --target edge); on node, bun or deno keep shared state in the database or another store.',
    }),
  );
}
