/// <reference path="../email/cloudflare-email.d.ts" />
/**
 * The worker's `email` export for the app's `email/` (runtime/email/dispatch.ts routes and
 * parses): replies go out as workerd's own EmailMessage, which only the platform can send.
 */
import { EmailMessage } from "cloudflare:email";
import { emailDispatch, type EmailDefinition, type EmailDispatch } from "../email/dispatch.js";

export function createEmailDispatch(definitions: readonly EmailDefinition[]): EmailDispatch {
  return emailDispatch(definitions, (from, to, raw) => new EmailMessage(from, to, raw));
}
