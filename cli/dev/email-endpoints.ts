/**
 * The dev server's email endpoints, under `/__sdk/` (so answered on localhost only, and their
 * actions never to a cross-site request, see sdk-endpoints.ts), while the app uses email:
 *
 * - `GET /__sdk/inbox`: the messages the app sent, newest first; a page for a browser, JSON else.
 * - `GET /__sdk/inbox/<id>`: one of them.
 * - `POST /__sdk/inbox`: how the email stand-in delivers (emitters/templates/email-stand-in.js.tpl).
 * - `DELETE /__sdk/inbox`: empties the inbox.
 * - `POST /__sdk/email?from=<address>&to=<address>`, a raw RFC 5322 message as the body: hands it
 *   to the worker's `email` export as Email Routing would, through workerd's
 *   `/cdn-cgi/handler/email`, which Cloudflare's Vite plugin forwards to the worker.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import { RESERVED_PREFIX } from "../../compiler/validate/reserved-path.js";
import type { Inbox, SentMail } from "./inbox.js";
import { inboxPage, messagePage } from "./inbox-page.js";
import { prefersHtml, send, sendJson } from "./endpoint-answers.js";

export const INBOX_PATH = `${RESERVED_PREFIX}/inbox`;
const RECEIVE_PATH = `${RESERVED_PREFIX}/email`;

const WORKERD_EMAIL = "/cdn-cgi/handler/email";
/** The platform's limit for one message. */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** What workerd answers for a message the handler rejected. */
const REJECTED = /^Worker rejected email with the following reason: ([\s\S]*)$/;

export interface EmailLinks {
  /** The inbox page. */
  inbox: string;
  /** The command that sends the app a message, ready to paste. */
  curl: string;
}

export interface EmailEndpoints {
  /** Whether the path is one of these, while the app uses email. */
  handles(pathname: string): boolean;
  answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** For `GET /__sdk/`: null while the app uses no email. */
  links(baseUrl: string): EmailLinks | null;
  /** For the list a path the dev server does not know answers with. */
  endpoints(): string[];
}

export interface EmailEndpointsOptions {
  /** Whether the app, as last read, sends or receives email. */
  enabled(): boolean;
  inbox: Inbox;
}

export function emailEndpoints({ enabled, inbox }: EmailEndpointsOptions): EmailEndpoints {
  return {
    handles: (pathname) => enabled() && (pathname === INBOX_PATH || pathname.startsWith(`${INBOX_PATH}/`) || pathname === RECEIVE_PATH),
    answer: (req, res, url) => (url.pathname === RECEIVE_PATH ? receive(req, res, url) : answerInbox(req, res, url, inbox)),
    links: (baseUrl) => (enabled() ? { inbox: `${baseUrl}${INBOX_PATH}`, curl: receiveCommand(baseUrl) } : null),
    endpoints: () => (enabled() ? [`GET ${INBOX_PATH}`, `GET ${INBOX_PATH}/<id>`, `DELETE ${INBOX_PATH}`, `POST ${RECEIVE_PATH}?from=<address>&to=<address>`] : []),
  };
}

export function receiveCommand(baseUrl: string): string {
  return `curl -X POST '${baseUrl}${RECEIVE_PATH}?from=ada@example.com&to=hello@example.com' -H 'Content-Type: message/rfc822' --data-binary @message.eml`;
}

async function answerInbox(req: IncomingMessage, res: ServerResponse, url: URL, inbox: Inbox): Promise<void> {
  const method = req.method ?? "GET";
  if (url.pathname !== INBOX_PATH) {
    if (method !== "GET") return sendJson(res, 405, { error: "Method Not Allowed" }, { Allow: "GET" });
    const message = inbox.get(decodeURIComponent(url.pathname.slice(INBOX_PATH.length + 1)));
    if (!message) return sendJson(res, 404, { error: "No such message in the inbox." });
    if (prefersHtml(req.headers.accept)) return send(res, 200, "text/html; charset=utf-8", messagePage(message, INBOX_PATH));
    return sendJson(res, 200, message);
  }
  if (method === "GET") {
    const messages = inbox.list();
    if (prefersHtml(req.headers.accept)) return send(res, 200, "text/html; charset=utf-8", inboxPage(messages, INBOX_PATH));
    return sendJson(res, 200, { messages });
  }
  if (method === "DELETE") return sendJson(res, 200, { deleted: inbox.clear() });
  if (method === "POST") {
    const sent = parseSentMail(await readBody(req));
    if (!sent) return sendJson(res, 400, { error: "The body is not a message of the email stand-in." });
    const message = await inbox.add(sent);
    return sendJson(res, 201, { id: message.id, messageId: message.messageId });
  }
  sendJson(res, 405, { error: "Method Not Allowed" }, { Allow: "GET, POST, DELETE" });
}

function parseSentMail(body: Buffer | null): SentMail | null {
  try {
    const sent = JSON.parse(body?.toString("utf8") ?? "") as SentMail;
    if (sent.form === "builder" && typeof sent.message === "object" && sent.message !== null) return sent;
    if (sent.form === "raw" && typeof sent.raw === "string") return sent;
  } catch {
    // not JSON: answered as not a message
  }
  return null;
}

async function receive(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method !== "POST") return sendJson(res, 405, { error: "Method Not Allowed" }, { Allow: "POST" });
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  if (!from || !to) return sendJson(res, 400, { error: "Name the envelope: ?from=<sender>&to=<recipient>, with the raw message as the body." });
  const raw = await readBody(req);
  if (raw === null) return sendJson(res, 413, { error: `The message is larger than the platform's ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB.` });
  if (raw.length === 0) return sendJson(res, 400, { error: "The body is empty: send the raw message, e.g. --data-binary @message.eml." });
  const response = await fetch(`${sameServer(req)}${WORKERD_EMAIL}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
    method: "POST",
    body: new Uint8Array(withMessageId(raw)),
  });
  const answer = (await response.text()).trim();
  if (response.ok) return sendJson(res, 200, { outcome: "accepted", from, to });
  const rejected = REJECTED.exec(answer);
  if (rejected) return sendJson(res, 400, { outcome: "rejected", from, to, reason: rejected[1] });
  if (response.status >= 500) return sendJson(res, 500, { outcome: "exception", from, to, error: "the worker's email handler failed: workerd printed its error in the sdk dev output" });
  sendJson(res, response.status, { error: `workerd did not take the message: ${answer}` });
}

/** The same server that took this loopback request: its local address is loopback too. */
function sameServer(req: IncomingMessage): string {
  const { localAddress = "127.0.0.1", localPort } = req.socket;
  return `http://${isIP(localAddress) === 6 ? `[${localAddress}]` : localAddress}:${localPort}`;
}

/** workerd refuses a message without a Message-ID; one typed by hand for a test often has none. */
function withMessageId(raw: Buffer): Buffer {
  const text = raw.toString("latin1");
  const headerEnd = text.search(/\r?\n\r?\n/);
  const headers = headerEnd === -1 ? text : text.slice(0, headerEnd);
  if (/^message-id:/im.test(headers)) return raw;
  return Buffer.concat([Buffer.from(`Message-ID: <${crypto.randomUUID()}@sdk.dev>\r\n`), raw]);
}

/** The body, or null past the platform's limit for a message. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_MESSAGE_BYTES ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
