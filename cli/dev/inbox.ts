/**
 * The local inbox of `sdk dev`: every message the app sends through SEND_EMAIL, as the email
 * stand-in (emitters/templates/email-stand-in.js.tpl) posts it, kept as one JSON file per
 * message under `.sdk/state/inbox/`, so the inbox outlives a restart of the dev server.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import PostalMime, { type Address } from "postal-mime";
import { STATE_DIR } from "../local-state.js";

export const INBOX_DIR = `${STATE_DIR}/inbox`;

export interface InboxMessage {
  /** The message's name in the inbox and in its URL: time-ordered, letters, digits and dashes. */
  id: string;
  /** When the inbox took it, ISO 8601. */
  receivedAt: string;
  messageId: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  text: string | null;
  html: string | null;
  attachments: InboxAttachment[];
}

export interface InboxAttachment {
  filename: string | null;
  type: string;
  size: number;
}

/** A mailbox as the builder form of `send()` names it. */
type BuilderAddress = string | { email: string; name?: string };

/** What the stand-in posts: the builder form of `send()` as it is, or an EmailMessage's raw text. */
export type SentMail =
  | {
      form: "builder";
      message: {
        from: BuilderAddress;
        to: BuilderAddress | BuilderAddress[];
        cc?: BuilderAddress | BuilderAddress[];
        bcc?: BuilderAddress | BuilderAddress[];
        replyTo?: BuilderAddress;
        subject: string;
        text?: string;
        html?: string;
        attachments?: { filename?: string; type?: string; size: number }[];
      };
    }
  | { form: "raw"; from: string; to: string; raw: string };

const ID = /^[a-z0-9-]+$/;

export interface Inbox {
  add(sent: SentMail): Promise<InboxMessage>;
  /** Newest first. */
  list(): InboxMessage[];
  get(id: string): InboxMessage | null;
  /** Empties the inbox; returns how many messages it held. */
  clear(): number;
}

export function createInbox(root: string): Inbox {
  const dir = path.join(root, INBOX_DIR);
  const fileOf = (id: string) => path.join(dir, `${id}.json`);
  const ids = () => {
    try {
      return readdirSync(dir).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length)).filter((id) => ID.test(id));
    } catch {
      return [];
    }
  };
  return {
    async add(sent) {
      const message = { id: newId(), receivedAt: new Date().toISOString(), ...(await contentOf(sent)) };
      mkdirSync(dir, { recursive: true });
      writeFileSync(fileOf(message.id), `${JSON.stringify(message, null, 2)}\n`);
      return message;
    },
    list: () => ids().sort().reverse().map((id) => JSON.parse(readFileSync(fileOf(id), "utf8")) as InboxMessage),
    // Only a well-formed id becomes a path: a URL never names a file outside the inbox.
    get: (id) => (ID.test(id) && existsSync(fileOf(id)) ? (JSON.parse(readFileSync(fileOf(id), "utf8")) as InboxMessage) : null),
    clear() {
      const held = ids().length;
      rmSync(dir, { recursive: true, force: true });
      return held;
    },
  };
}

let lastTime = 0;

/** Sorts by time as text: milliseconds in base 36, padded and never repeated here, then a random tail. */
function newId(): string {
  lastTime = Math.max(Date.now(), lastTime + 1);
  return `${lastTime.toString(36).padStart(10, "0")}-${randomUUID().slice(0, 8)}`;
}

async function contentOf(sent: SentMail): Promise<Omit<InboxMessage, "id" | "receivedAt">> {
  if (sent.form === "raw") return parsedRaw(sent);
  const { message } = sent;
  const from = addressText(message.from);
  return {
    messageId: localMessageId(from),
    from,
    to: addressList(message.to),
    cc: addressList(message.cc),
    bcc: addressList(message.bcc),
    replyTo: message.replyTo === undefined ? null : addressText(message.replyTo),
    subject: message.subject,
    text: message.text ?? null,
    html: message.html ?? null,
    attachments: (message.attachments ?? []).map(({ filename, type, size }) => ({ filename: filename ?? null, type: type ?? "application/octet-stream", size })),
  };
}

/** An EmailMessage of `cloudflare:email`: its envelope, and what its raw text says. */
async function parsedRaw({ from, to, raw }: Extract<SentMail, { form: "raw" }>): Promise<Omit<InboxMessage, "id" | "receivedAt">> {
  const parsed = await PostalMime.parse(raw);
  return {
    messageId: parsed.messageId ?? localMessageId(from),
    from: parsed.from ? mailboxText(parsed.from) : from,
    to: [to],
    cc: (parsed.cc ?? []).map(mailboxText),
    bcc: [],
    replyTo: parsed.replyTo?.length ? parsed.replyTo.map(mailboxText).join(", ") : null,
    subject: parsed.subject ?? "",
    text: parsed.text ?? null,
    html: parsed.html ?? null,
    attachments: parsed.attachments.map(({ filename, mimeType, content }) => ({
      filename,
      type: mimeType,
      size: typeof content === "string" ? content.length : content.byteLength,
    })),
  };
}

function addressText(address: BuilderAddress): string {
  return typeof address === "string" ? address : address.name ? `${address.name} <${address.email}>` : address.email;
}

function addressList(addresses: BuilderAddress | BuilderAddress[] | undefined): string[] {
  if (addresses === undefined) return [];
  return (Array.isArray(addresses) ? addresses : [addresses]).map(addressText);
}

function mailboxText(address: Address): string {
  if (address.group) return `${address.name}: ${address.group.map(mailboxText).join(", ")};`;
  return address.name ? `${address.name} <${address.address}>` : address.address;
}

/** The platform names each sent message; the inbox does it here, on the sender's domain. */
function localMessageId(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return `<${randomUUID()}@${address.slice(address.lastIndexOf("@") + 1) || "localhost"}>`;
}
