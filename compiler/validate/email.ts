/**
 * Inbound mail comes through the edge platform's Email Routing, which only the edge target has;
 * `inference.bindings.email: false` turns email off, so no `email/` handler would ever run; and
 * recipients match file names in any case, so two files may not differ by case alone.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { AppIR } from "../ir.js";

export function validateEmail(ir: AppIR): Diagnostic[] {
  if (ir.target !== "edge") return emailOffEdge(ir);
  if (ir.config.inference?.bindings?.email === false) return emailTurnedOff(ir);
  return sameRecipient(ir);
}

function emailOffEdge(ir: AppIR): Diagnostic[] {
  return ir.jobs.email.map(({ file }) =>
    error("SDK_EMAIL_EDGE_ONLY", `${file} receives mail through the edge platform's Email Routing, and this build targets ${ir.target}.`, {
      file,
      line: 1,
      column: 1,
      hint: 'Build with target "edge" (sdk.config.ts `target` or --target edge); on node, bun or deno take mail through a provider\'s webhook in routes/.',
    }),
  );
}

function emailTurnedOff(ir: AppIR): Diagnostic[] {
  return ir.jobs.email.map(({ file }) =>
    error("SDK_EMAIL_DISABLED", `${file} handles inbound mail, but inference.bindings.email is false, so the app receives none.`, {
      file,
      line: 1,
      column: 1,
      hint: "Remove `email: false` from inference.bindings in sdk.config.ts, or remove the email/ folder.",
    }),
  );
}

function sameRecipient(ir: AppIR): Diagnostic[] {
  const claimed = new Map<string, string>();
  return ir.jobs.email.flatMap(({ file, recipient }) => {
    if (recipient === null) return [];
    const other = claimed.get(recipient.toLowerCase());
    claimed.set(recipient.toLowerCase(), file);
    if (!other) return [];
    return [error("SDK_EMAIL_RECIPIENT_CONFLICT", `${other} and ${file} both answer ${recipient.toLowerCase()}@: recipients match file names in any case.`, {
      file,
      line: 1,
      column: 1,
      hint: "Keep one of the two files.",
    })];
  });
}
