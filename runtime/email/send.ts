/**
 * `sendEmail()` over any value with the send_email binding's `send()`, so it can be tested
 * against a fake: `sdk/email` passes the worker's `SEND_EMAIL` binding in (runtime/email/index.ts).
 * The message goes in the builder form of Cloudflare's Email Service, which builds the MIME itself.
 */

/** The binding `sdk/email` sends through; it has no other name (`inference.bindings.email` is a boolean). */
export const SEND_EMAIL_BINDING = "SEND_EMAIL";

/** One address, or several: `ada@example.com` or `Ada Lovelace <ada@example.com>`. */
export type EmailRecipients = string | readonly string[];

export interface Email {
  to: EmailRecipients;
  subject: string;
  /** The plain-text body; give it, `html`, or both. */
  text?: string;
  html?: string;
  /** The sender; `email.from` of sdk.config.ts when omitted. */
  from?: string;
  replyTo?: string;
  cc?: EmailRecipients;
  bcc?: EmailRecipients;
}

export interface EmailSent {
  /** The `Message-ID` the platform gave the message. */
  messageId: string;
}

/** A mailbox in the builder form: a bare address, or the address with its display name. */
export type BuilderAddress = string | { email: string; name: string };

/** The builder form of the send_email binding's `send()`. */
export interface EmailBuilder {
  from: BuilderAddress;
  to: BuilderAddress[];
  subject: string;
  text?: string;
  html?: string;
  replyTo?: BuilderAddress;
  cc?: BuilderAddress[];
  bcc?: BuilderAddress[];
}

/** The part of the platform's send_email binding `sdk/email` uses. */
export interface SendEmailBinding {
  send(message: EmailBuilder): Promise<{ messageId?: string }>;
}

export interface SendEmailSources {
  binding(): SendEmailBinding;
  /** `email.from` of sdk.config.ts, registered by the generated platform.ts; undefined without one. */
  defaultFrom(): string | undefined;
}

export function createSendEmail({ binding, defaultFrom }: SendEmailSources): (email: Email) => Promise<EmailSent> {
  return async (email) => {
    const builder = builderOf(email, email.from ?? defaultFrom());
    const { messageId } = await binding().send(builder);
    return { messageId: messageId ?? "" };
  };
}

function builderOf(email: Email, from: string | undefined): EmailBuilder {
  if (from === undefined) {
    throw new Error("sdk/email: sendEmail() has no sender: set email.from in sdk.config.ts (`email: { from: \"App <noreply@example.com>\" }`) or pass `from`");
  }
  const to = recipients(email.to);
  if (to.length === 0) throw new TypeError("sdk/email: sendEmail() needs `to`: an address or a list of them");
  if (typeof email.subject !== "string") throw new TypeError("sdk/email: sendEmail() needs a `subject` string");
  if (email.text === undefined && email.html === undefined) throw new TypeError("sdk/email: sendEmail() needs `text`, `html` or both");
  return {
    from: mailbox(from),
    to: to.map(mailbox),
    subject: email.subject,
    ...(email.text !== undefined && { text: email.text }),
    ...(email.html !== undefined && { html: email.html }),
    ...(email.replyTo !== undefined && { replyTo: mailbox(email.replyTo) }),
    ...(email.cc !== undefined && { cc: recipients(email.cc).map(mailbox) }),
    ...(email.bcc !== undefined && { bcc: recipients(email.bcc).map(mailbox) }),
  };
}

function recipients(value: EmailRecipients | undefined): string[] {
  if (value === undefined) return [];
  return (typeof value === "string" ? [value] : [...value]).filter((address) => address.trim() !== "");
}

/** `Ada Lovelace <ada@example.com>` -> its parts; a bare address stays a string. */
function mailbox(text: string): BuilderAddress {
  const named = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(text);
  if (!named) return text.trim();
  const name = named[1]!.replace(/^"(.*)"$/, "$1");
  return name ? { email: named[2]!, name } : named[2]!;
}
