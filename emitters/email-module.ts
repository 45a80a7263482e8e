/**
 * Inbound mail as the edge sees it: the generated `email.ts` (each `email/` file with the local
 * part it answers) and the worker entry's `email` export. Emitted only for apps with `email/`, so
 * others carry none of it. Sending needs no generated module: `sdk/email` reaches `SEND_EMAIL`.
 */
import type { AppIR, EmailIR } from "../compiler/ir.js";
import type { SourceLink } from "./source-link.js";
import { renderTemplate } from "./template.js";

export function emitEmailModule(handlers: readonly EmailIR[], link: SourceLink): string {
  const imports = handlers.map(({ file }, i) => `import email${i} from ${JSON.stringify(`${link.projectRootFromGenerated}/${file}`)};`);
  const entries = handlers.map(({ file, recipient }, i) => `  { file: ${JSON.stringify(file)}, recipient: ${JSON.stringify(recipient)}, handler: email${i} },`);
  return renderTemplate("email.ts.tpl", { imports: imports.join("\n"), handlers: `\n${entries.join("\n")}\n` });
}

/** The worker entry's slots: the `email` export, in apps with `email/` only. */
export function workerEmailSlots(hasEmail: boolean): { emailImport: string; email: string } {
  return hasEmail ? { emailImport: '\nimport { email } from "./email";', email: ", email" } : { emailImport: "", email: "" };
}

/**
 * Whether the app uses email on the edge: it receives mail (`email/`) or may send it (the
 * `SEND_EMAIL` binding, from an `sdk/email` import or `inference.bindings.email: true`), and
 * `inference.bindings.email` is not false. `sdk dev` keeps a local inbox for such an app.
 */
export function usesEmail(ir: Pick<AppIR, "target" | "jobs" | "bindings" | "config">): boolean {
  if (ir.target !== "edge" || ir.config.inference?.bindings?.email === false) return false;
  return ir.jobs.email.length > 0 || ir.bindings.some((binding) => binding.kind === "email");
}
