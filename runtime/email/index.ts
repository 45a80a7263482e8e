/**
 * `sdk/email`: `sendEmail({ to, subject, text, html })` through the worker's `SEND_EMAIL` binding,
 * from `email.from` of sdk.config.ts unless the call names a sender. Edge only; in `sdk dev` every
 * message lands in the local inbox at /__sdk/inbox, and `sdk preview` prints it (see docs/pages/email.md).
 */
import { env } from "cloudflare:workers";
import { bindingOf } from "../platform/binding.js";
import { defaultSender } from "./default-sender.js";
import { createSendEmail, SEND_EMAIL_BINDING, type SendEmailBinding } from "./send.js";

export type { Email, EmailRecipients, EmailSent } from "./send.js";

export const sendEmail = createSendEmail({
  binding: () => bindingOf<SendEmailBinding>(env, SEND_EMAIL_BINDING, { module: "sdk/email", kind: "send_email", declaredIn: "send_email" }),
  defaultFrom: defaultSender,
});
