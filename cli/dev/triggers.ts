/**
 * The triggers `sdk dev` offers for what the platform fires in production: each cron file with
 * its expression and the curl command that fires it locally, and inbound mail when the app has
 * email. Listed by `GET /__sdk/` and by the `t` key in the terminal, from the same data.
 */
import { RESERVED_PREFIX } from "../../compiler/validate/reserved-path.js";
import type { DeclaredCron } from "../../emitters/crons-module.js";

export const SCHEDULED_PATH = `${RESERVED_PREFIX}/scheduled`;

export interface CronTrigger {
  file: string;
  cron: string;
  /** The command that fires it, ready to paste. */
  curl: string;
}

/** `encodeURIComponent`, and `'` too, so the URL sits inside single quotes in a shell. */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/'/g, "%27");
}

export function scheduledUrl(baseUrl: string, cron: string): string {
  return `${baseUrl}${SCHEDULED_PATH}?cron=${encodeQueryValue(cron)}`;
}

/** `baseUrl`: the dev server's origin, without a trailing slash. */
export function cronTriggers(crons: readonly DeclaredCron[], baseUrl: string): CronTrigger[] {
  return crons.map(({ file, cron }) => ({ file, cron, curl: `curl -X POST '${scheduledUrl(baseUrl, cron)}'` }));
}

/** The email links of the dev server (cli/dev/email-endpoints.ts), when the app has email. */
export interface EmailTrigger {
  inbox: string;
  /** The command that hands the worker an inbound message. */
  curl: string;
}

/** What the `t` key prints. */
export function triggerLines(triggers: readonly CronTrigger[], email: EmailTrigger | null = null): string[] {
  const mail = email ? ["  inbound email (the file named after the recipient takes it):", `      ${email.curl}`, `  sent mail lands in ${email.inbox}`] : [];
  if (triggers.length === 0) return mail.length ? mail : ["  no triggers: this app has no crons/ or email/"];
  const width = Math.max(...triggers.map((trigger) => trigger.file.length));
  return ["  crons (fire one with its command):", ...triggers.flatMap((trigger) => [`    ${trigger.file.padEnd(width)}  "${trigger.cron}"`, `      ${trigger.curl}`]), ...mail];
}
