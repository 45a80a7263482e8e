/** Every validation pass, run over a scanned IR. Each pass reads the IR and returns diagnostics. */
import type { Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";
import { validateDatabase } from "./database.js";
import { validateDisabledBindings } from "./disabled-bindings.js";
import { validateDurableStateTarget } from "./durable-state.js";
import { validateEdgeOnlyImports } from "./edge-only-imports.js";
import { validateEmail } from "./email.js";
import { validateOptionalPackages } from "./optional-packages.js";
import { validateEnvImports } from "../env/imports.js";
import { validateQueues } from "./queues.js";
import { validateReservedPath } from "./reserved-path.js";
import { validateRouteConflicts } from "./route-conflicts.js";
import { validateSdkModules } from "./sdk-modules.js";
import { validateUnscannedBindings } from "./unscanned-bindings.js";
import { validateWebSocketTarget } from "./websocket-target.js";

export type ValidationPass = (ir: AppIR) => Diagnostic[];

export const VALIDATION_PASSES: readonly ValidationPass[] = [
  validateEdgeOnlyImports,
  validateSdkModules,
  validateRouteConflicts,
  validateWebSocketTarget,
  validateDurableStateTarget,
  validateQueues,
  validateEmail,
  validateEnvImports,
  validateDatabase,
  validateDisabledBindings,
  validateUnscannedBindings,
  validateReservedPath,
  validateOptionalPackages,
];

export function validateIR(ir: AppIR): Diagnostic[] {
  return VALIDATION_PASSES.flatMap((pass) => pass(ir));
}
