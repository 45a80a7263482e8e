/**
 * The sender `sendEmail()` uses when a call names none: `email.from` of sdk.config.ts, which the
 * generated platform.ts registers before the first request. A build without it registers nothing.
 */
let sender: string | undefined;

export function registerDefaultSender(from: string): void {
  sender = from;
}

export function defaultSender(): string | undefined {
  return sender;
}
