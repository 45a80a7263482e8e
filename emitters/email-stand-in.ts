/**
 * The local stand-in for the send_email binding, which `sdk dev` and `sdk preview` run as a second
 * worker beside the app's (emitters/templates/email-stand-in.js.tpl says what it does): in dev each
 * message goes to the dev server's inbox at SDK_INBOX_URL, in preview to the output, never out.
 */
import { renderTemplate } from "./template.js";

export const EMAIL_STAND_IN_WORKER = "sdk-email-stand-in";
export const EMAIL_STAND_IN_COMPATIBILITY_DATE = "2026-04-01";
/** The stand-in's var: where it posts each message, the dev server's `/__sdk/inbox`. */
export const INBOX_URL_VARIABLE = "SDK_INBOX_URL";

export function emailStandInScript(): string {
  return renderTemplate("email-stand-in.js.tpl", {});
}
