/**
 * The send_email stand-in's worker in `sdk dev` (emitters/email-stand-in.ts): it posts each
 * message to this dev server's inbox, which it reaches by the address the server listens on.
 */
import { lookup } from "node:dns/promises";
import path from "node:path";
import { EMAIL_STAND_IN_COMPATIBILITY_DATE, EMAIL_STAND_IN_WORKER, INBOX_URL_VARIABLE } from "../../emitters/email-stand-in.js";
import { DEV_EMAIL_STAND_IN_FILE, DEV_GENERATED_DIR } from "../../emitters/dev.js";
import { INBOX_PATH } from "./email-endpoints.js";

export interface Listen {
  host: string;
  port: number;
}

export async function emailStandInConfig(root: string, listen: Listen) {
  return {
    name: EMAIL_STAND_IN_WORKER,
    main: path.join(root, DEV_GENERATED_DIR, DEV_EMAIL_STAND_IN_FILE),
    compatibility_date: EMAIL_STAND_IN_COMPATIBILITY_DATE,
    vars: { [INBOX_URL_VARIABLE]: await inboxUrl(listen) },
  };
}

/**
 * Resolved as Node resolves the host it listens on (`localhost` may be ::1 or 127.0.0.1); a
 * server on every interface is reached through loopback, which the inbox answers.
 */
export async function inboxUrl({ host, port }: Listen): Promise<string> {
  const { address, family } = await lookup(host);
  const reachable = address === "0.0.0.0" ? "127.0.0.1" : address === "::" ? "::1" : address;
  return `http://${family === 6 ? `[${reachable}]` : reachable}:${port}${INBOX_PATH}`;
}
