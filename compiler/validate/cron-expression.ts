/**
 * A `crons/` file's expression against Cloudflare's cron syntax (runtime/jobs/cron-syntax.ts),
 * which every target follows: the platform reads it on the edge, the in-process scheduler on
 * node, bun and deno. Called by the scan, which knows where the string literal is.
 */
import { error, warning, type Diagnostic } from "../diagnostics.js";
import type { SourceLocation } from "../ir.js";
import { parseCron, WEEKDAY_NUMBERING } from "../../runtime/jobs/cron-syntax.js";

/** A 7 written as a number, not inside a larger one: Saturday here, Sunday in Unix cron. */
const SEVEN = /(?<![0-9])7(?![0-9])/;

export function validateCronExpression(expression: string, where: SourceLocation): Diagnostic[] {
  const parsed = parseCron(expression);
  if (!parsed.ok) {
    return [error("SDK_CRON_INVALID", `"${expression}" is not a cron expression Cloudflare reads: ${parsed.problem.message}`, { ...where, hint: parsed.problem.hint })];
  }
  const dayOfWeek = expression.split(/[ \t]+/)[4]!;
  if (!SEVEN.test(dayOfWeek)) return [];
  return [
    warning("SDK_CRON_WEEKDAY_NUMBERING", `"${expression}": day of week 7 is Saturday in Cloudflare's numbering, not Sunday as in Unix cron.`, {
      ...where,
      hint: `${WEEKDAY_NUMBERING} Write SAT to mean Saturday, or 1 (SUN) for Sunday.`,
    }),
  ];
}
