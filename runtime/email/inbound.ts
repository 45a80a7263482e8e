/**
 * What an `email/` handler receives (see runtime/jobs/email.ts): the message the platform
 * delivered, parsed, with what the handler may do with it. Exported from `sdk` as types.
 */

export interface InboundEmail {
  /** The envelope sender (SMTP `MAIL FROM`): where a reply goes. */
  readonly from: string;
  /** The envelope recipient (SMTP `RCPT TO`): the address whose local part chose this handler. */
  readonly to: string;
  /** The display name of the `From` header; "" when it has none. */
  readonly fromName: string;
  /** "" when the message has no subject. */
  readonly subject: string;
  /** The plain-text body, when the message has one. */
  readonly text: string | undefined;
  /** The HTML body, when the message has one. */
  readonly html: string | undefined;
  readonly attachments: readonly EmailAttachment[];
  /** Every header of the message, as the platform gives them. */
  readonly headers: Headers;
  /** The `Message-ID` header, angle brackets included; null when the message has none. */
  readonly messageId: string | null;
  /** The `Date` header in ISO 8601 (as written when it does not parse); null when there is none. */
  readonly date: string | null;
  /** The size of the raw message, in bytes. */
  readonly rawSize: number;
  /** Refuses the message: the sending server gets a permanent SMTP error with this reason. The first decision counts. */
  reject(reason: string): void;
  /** Sends the message on to a verified destination address of the account; added headers must be `X-*`. */
  forward(to: string, headers?: HeadersInit): Promise<void>;
  /** Answers the sender from the address the message came to, threaded to it (`In-Reply-To`, `References`). */
  reply(message: EmailReply): Promise<void>;
  /** The worker's bindings and vars. */
  readonly env: Record<string, unknown>;
  /** Keeps the worker alive until the promise settles, after the handler has returned. */
  waitUntil(promise: Promise<unknown>): void;
}

/** A reply's content: `text`, `html` or both; the subject defaults to `Re: ` and the original's. */
export interface EmailReply {
  subject?: string;
  text?: string;
  html?: string;
}

export interface EmailAttachment {
  /** null when the part names no file. */
  readonly filename: string | null;
  /** Lowercase, such as `application/pdf`. */
  readonly mimeType: string;
  readonly content: Uint8Array;
}
