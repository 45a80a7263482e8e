/**
 * Inbound mail for the app's `email/`: what the worker's `email` export does with a message
 * (runtime/jobs/email.ts gives it workerd's EmailMessage, so this can be tested without workerd).
 * The file named after the recipient's local part takes the message (`support.ts` for
 * `support@…`, in any case), else `_default.ts`; with neither, the message is rejected. The
 * handler sees the message parsed by postal-mime and may reject, forward or reply. A handler that
 * throws is logged with its file, and the message is rejected with a reason that tells the sender
 * nothing of the app.
 */
import type { PlatformEmail } from "./platform-email.js";
import PostalMime, { type Email } from "postal-mime";
import type { EmailHandler } from "../index.js";
import type { EmailAttachment, EmailReply, InboundEmail } from "./inbound.js";
import { composeMime, newMessageId } from "./mime.js";

export interface EmailDefinition {
  /** The handler's file, relative to the project root, for logs. */
  readonly file: string;
  /** The local part the file answers (its name); null for `_default`. */
  readonly recipient: string | null;
  /** The file's default export, a `defineEmail()` result. */
  readonly handler: EmailHandler;
}

export interface EmailContext {
  waitUntil(promise: Promise<unknown>): void;
}

export interface EmailOutcome {
  /** The file whose handler took the message; null when none did. */
  readonly file: string | null;
  /** Why the message was rejected, when it was. */
  readonly rejected?: string;
  /** The handler's error message, when it threw. */
  readonly error?: string;
}

export type EmailDispatch = (message: PlatformEmail, env?: Record<string, unknown>, ctx?: EmailContext) => Promise<EmailOutcome>;

/** What the sender is told when the handler failed: the app's error stays in its logs. */
export const FAILED_REASON = "The message could not be processed";

/** Makes the `EmailMessage` of `cloudflare:email` a reply is sent as. */
export type NewEmailMessage = (from: string, to: string, raw: string) => unknown;

export function emailDispatch(definitions: readonly EmailDefinition[], newMessage: NewEmailMessage): EmailDispatch {
  for (const { file, handler } of definitions) assertEmailHandler(file, handler);
  const byRecipient = new Map(definitions.flatMap((definition) => (definition.recipient === null ? [] : [[definition.recipient.toLowerCase(), definition] as const])));
  const fallback = definitions.find((definition) => definition.recipient === null);
  return async (message, env = {}, ctx) => {
    // Miniflare's setReject is a call to another worker: awaited, it lands before the answer.
    const pending: Promise<unknown>[] = [];
    let rejected: string | undefined;
    const reject = (reason: string) => {
      if (rejected !== undefined) return;
      rejected = reason;
      pending.push(Promise.resolve(message.setReject(reason)));
    };
    const definition = byRecipient.get(localPart(message.to)) ?? fallback;
    if (!definition) {
      reject(`Unknown address ${message.to}`);
      await Promise.all(pending);
      return { file: null, rejected };
    }
    let error: string | undefined;
    try {
      const parsed = await PostalMime.parse(message.raw);
      await definition.handler.fn(inboundEmail(message, parsed, { reject, newMessage, env, ctx, file: definition.file }));
    } catch (reason) {
      console.error(`[sdk] email ${definition.file} threw; the message is rejected:`, reason);
      error = reason instanceof Error ? reason.message : String(reason);
      reject(FAILED_REASON);
    }
    await Promise.all(pending);
    return { file: definition.file, ...(rejected !== undefined && { rejected }), ...(error !== undefined && { error }) };
  };
}

/** `Support@Example.com` -> `support`. */
function localPart(address: string): string {
  const at = address.lastIndexOf("@");
  return (at === -1 ? address : address.slice(0, at)).toLowerCase();
}

interface HandlerScope {
  reject(reason: string): void;
  newMessage: NewEmailMessage;
  env: Record<string, unknown>;
  ctx: EmailContext | undefined;
  file: string;
}

function inboundEmail(message: PlatformEmail, parsed: Email, { reject, newMessage, env, ctx, file }: HandlerScope): InboundEmail {
  const subject = parsed.subject ?? "";
  const messageId = parsed.messageId ?? null;
  return {
    from: message.from,
    to: message.to,
    fromName: parsed.from?.name ?? "",
    subject,
    text: parsed.text,
    html: parsed.html,
    attachments: parsed.attachments.map(attachmentOf),
    headers: message.headers,
    messageId,
    date: parsed.date ?? null,
    rawSize: message.rawSize,
    reject,
    forward: async (to, headers) => {
      await message.forward(to, headers === undefined ? undefined : new Headers(headers));
    },
    reply: async (reply) => {
      if (messageId === null) throw new Error("sdk: this message has no Message-ID, so a reply cannot be threaded to it; send a new message with sendEmail() from sdk/email");
      const raw = replyMessage(message, reply, { subject, messageId, references: parsed.references });
      await message.reply(newMessage(message.to, message.from, raw));
    },
    env,
    waitUntil: (promise) => (ctx ? ctx.waitUntil(promise) : void promise.catch((reason) => console.error(`[sdk] work ${file} passed to waitUntil failed:`, reason))),
  };
}

/** postal-mime's content is an ArrayBuffer by default; the handler gets bytes either way. */
function attachmentOf(attachment: Email["attachments"][number]): EmailAttachment {
  const { content } = attachment;
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content instanceof Uint8Array ? content : new Uint8Array(content);
  return { filename: attachment.filename, mimeType: attachment.mimeType, content: bytes };
}

interface Original {
  subject: string;
  messageId: string;
  references: string | undefined;
}

/** From the address the message came to, back to its sender, threaded as RFC 5322 §3.6.4 says. */
function replyMessage(message: PlatformEmail, reply: EmailReply, original: Original): string {
  if (reply.text === undefined && reply.html === undefined) throw new TypeError("sdk: reply() needs `text`, `html` or both");
  const subject = reply.subject ?? (/^re:/i.test(original.subject) ? original.subject : `Re: ${original.subject}`);
  return composeMime({
    headers: [
      ["From", message.to],
      ["To", message.from],
      ["Subject", subject],
      ["Message-ID", newMessageId(message.to)],
      ["Date", new Date().toUTCString()],
      ["In-Reply-To", original.messageId],
      ["References", original.references ? `${original.references} ${original.messageId}` : original.messageId],
    ],
    text: reply.text,
    html: reply.html,
  });
}

/** The compiler reports these too; this guards hand-written or ejected tables. */
function assertEmailHandler(file: string, handler: unknown): void {
  const candidate = handler as { kind?: unknown; fn?: unknown } | null | undefined;
  if (typeof candidate === "object" && candidate !== null && candidate.kind === "email" && typeof candidate.fn === "function") return;
  throw new TypeError(`${file}: the default export is not a defineEmail() result. Wrap it: export default defineEmail(...)`);
}
