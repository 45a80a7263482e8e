/** Raw RFC 5322 messages for the email tests, as a mail server would hand them to the worker. */

export interface PlainEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId?: string;
}

export function rawEmail({ from, to, subject, text, messageId = `<${crypto.randomUUID()}@example.com>` }: PlainEmail): string {
  return [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: ${messageId}`, "Date: Tue, 24 Nov 2026 10:00:00 +0000", "", text, ""].join("\r\n");
}

/** From Ada to support@: text and HTML bodies and a text attachment, "order 42". */
export const SUPPORT_MESSAGE = [
  "From: Ada Lovelace <ada@example.com>",
  "To: Support@app.test",
  "Subject: Invoice question",
  "Message-ID: <q1@example.com>",
  "Date: Tue, 24 Nov 2026 10:00:00 +0000",
  "MIME-Version: 1.0",
  'Content-Type: multipart/mixed; boundary="outer"',
  "",
  "--outer",
  'Content-Type: multipart/alternative; boundary="inner"',
  "",
  "--inner",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "Where is my invoice?",
  "--inner",
  "Content-Type: text/html; charset=utf-8",
  "",
  "<p>Where is my invoice?</p>",
  "--inner--",
  "--outer",
  'Content-Type: text/plain; name="note.txt"',
  'Content-Disposition: attachment; filename="note.txt"',
  "Content-Transfer-Encoding: base64",
  "",
  Buffer.from("order 42").toString("base64"),
  "--outer--",
  "",
].join("\r\n");
