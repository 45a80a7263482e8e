/**
 * The inbox as a browser sees it: a list of the messages, newest first, and a page per message.
 * Every value is escaped; an HTML body is shown in a sandboxed frame (no scripts, no forms, its
 * own origin), so a message can neither run code on the dev server's page nor restyle it.
 */
import type { InboxMessage } from "./inbox.js";
import { escapeHtml } from "./endpoint-answers.js";

const STYLE = "body{font:14px system-ui,sans-serif;margin:2rem;max-width:60rem}td,th{padding:.3rem .8rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}iframe{width:100%;height:28rem;border:1px solid #ccc}";

export function inboxPage(messages: readonly InboxMessage[], inboxPath: string): string {
  const rows = messages.map(
    (message) =>
      `<tr><td>${escapeHtml(message.receivedAt)}</td><td>${escapeHtml(message.from)}</td><td>${escapeHtml(message.to.join(", "))}</td><td><a href="${escapeHtml(`${inboxPath}/${message.id}`)}">${escapeHtml(message.subject || "(no subject)")}</a></td></tr>`,
  );
  const body = rows.length
    ? `<table><thead><tr><th>received</th><th>from</th><th>to</th><th>subject</th></tr></thead><tbody>${rows.join("")}</tbody></table>`
    : "<p>No mail yet: what the app sends with <code>sendEmail()</code> lands here.</p>";
  // DELETE, which a form cannot send.
  const clear = `<button onclick="fetch(location.pathname,{method:'DELETE'}).then(()=>location.reload())">Clear the inbox</button>`;
  return document("Inbox", `<h1>Inbox</h1><p>Mail the app sent in <code>sdk dev</code>, kept in <code>.sdk/state/inbox/</code>. Answered on localhost only.</p>${messages.length ? clear : ""}${body}`);
}

export function messagePage(message: InboxMessage, inboxPath: string): string {
  const fields: [string, string | null][] = [
    ["From", message.from],
    ["To", message.to.join(", ")],
    ["Cc", message.cc.join(", ") || null],
    ["Bcc", message.bcc.join(", ") || null],
    ["Reply-To", message.replyTo],
    ["Subject", message.subject],
    ["Received", message.receivedAt],
    ["Message-ID", message.messageId],
  ];
  const header = fields.flatMap(([name, value]) => (value === null ? [] : [`<tr><th>${name}</th><td>${escapeHtml(value)}</td></tr>`])).join("");
  const attachments = message.attachments.length
    ? `<h2>Attachments</h2><ul>${message.attachments.map((a) => `<li>${escapeHtml(a.filename ?? "(unnamed)")} <small>${escapeHtml(a.type)}, ${a.size} bytes</small></li>`).join("")}</ul>`
    : "";
  const html = message.html === null ? "" : `<h2>HTML</h2><iframe sandbox srcdoc="${escapeHtml(message.html)}" title="the HTML body"></iframe>`;
  const text = message.text === null ? "" : `<h2>Text</h2><pre>${escapeHtml(message.text)}</pre>`;
  return document(message.subject || "(no subject)", `<p><a href="${escapeHtml(inboxPath)}">← Inbox</a></p><table>${header}</table>${html}${text}${attachments}`);
}

function document(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>sdk dev: ${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;
}
