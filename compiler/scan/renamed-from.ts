/**
 * `export const renamedFrom = "OldName"` in a durable-state module (a `durable-objects/` file or a
 * `.ws.ts` route): the class it takes over after a rename. It is read at build time, for the
 * migration, so it must be a string literal.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import { collectExports, locationOf, stringLiteralValue } from "./ast.js";
import type { ParsedModule } from "./parser.js";
import type { ScanModule } from "./scan-project.js";

export const RENAMED_FROM_EXPORT = "renamedFrom";

export function renamedFromOf(root: string, module: ScanModule, diagnostics: Diagnostic[]): string | null {
  const found = module.fact("renamed-from", (parsed) => renamedFromIn(root, parsed));
  if (found.problem) diagnostics.push(found.problem);
  return found.value;
}

function renamedFromIn(root: string, module: ParsedModule): { value: string | null; problem?: Diagnostic } {
  const entry = collectExports(module).exports.find((e) => e.name === RENAMED_FROM_EXPORT);
  if (!entry) return { value: null };
  const value = stringLiteralValue(entry.value);
  if (value !== null && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(value)) return { value };
  return {
    value: null,
    problem: error("SDK_DURABLE_STATE_RENAMED_FROM", `\`${RENAMED_FROM_EXPORT}\` must be the old class name as a string literal, read at build time.`, {
      ...locationOf(root, module, entry.value ?? entry.node),
      hint: 'Write the class the file used to give, e.g. `export const renamedFrom = "Counter"` for the old `counter.ts`.',
    }),
  };
}
