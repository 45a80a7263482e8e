/** Checks of command-line values, reported like any other user mistake. */
import path from "node:path";
import { error, UserError } from "../compiler/diagnostics.js";
import { TARGETS, type BuildMode, type Target } from "../compiler/ir.js";

/** The flags every command takes. */
export interface GlobalOptions {
  root: string;
  json?: boolean;
}

export function parseTarget(value: unknown): Target | undefined {
  if (value === undefined) return undefined;
  if (TARGETS.includes(value as Target)) return value as Target;
  throw new UserError([error("SDK_CLI_TARGET", `unknown target \`${String(value)}\``, {
    hint: `use --target ${TARGETS.join(", --target ")}`,
  })]);
}

export function parseMode(value: unknown): BuildMode {
  if (value === "production" || value === "development") return value;
  throw new UserError([error("SDK_CLI_MODE", `unknown mode \`${String(value)}\``, {
    hint: "use --mode production or --mode development",
  })]);
}

export function resolveRoot(value: unknown): string {
  return path.resolve(String(value ?? "."));
}
