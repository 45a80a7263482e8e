/** The raw messages replies are sent as: headers that cannot be split, bodies that survive any relay. */
import PostalMime from "postal-mime";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { composeMime, newMessageId } from "../../../runtime/email/mime.ts";

const headers = [["From", "support@app.test"], ["To", "ada@example.com"], ["Subject", "Hello"]] as const;

test("one body: a single part, UTF-8 in base64, lines within 76 characters, CRLF throughout", async () => {
  const text = `Grüße ✓ ${"long line ".repeat(40)}`;
  const raw = composeMime({ headers, text });
  assert.ok(raw.split("\r\n").every((line) => line.length <= 998));
  assert.not.match(raw.replace(/\r\n/g, ""), /\n/);
  assert.match(raw, /Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n/);
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4).trim().split("\r\n");
  assert.ok(body.every((line) => line.length <= 76));
  assert.is((await PostalMime.parse(raw)).text, text);
  assert.is((await PostalMime.parse(composeMime({ headers, html: "<p>ok</p>" }))).html, "<p>ok</p>");
});

test("text and HTML: multipart/alternative with both", async () => {
  const parsed = await PostalMime.parse(composeMime({ headers, text: "plain", html: "<b>rich</b>" }));
  assert.equal([parsed.text, parsed.html], ["plain", "<b>rich</b>"]);
});

test("a header value cannot add headers, and non-ASCII text becomes encoded words of whole characters", async () => {
  const raw = composeMime({ headers: [["From", "support@app.test"], ["Subject", "Hi\r\nBcc: eve@example.com"]], text: "x" });
  assert.not.match(raw, /^Bcc:/m);
  const subject = `Über ${"ümlaut ".repeat(20)}✓`;
  const encoded = composeMime({ headers: [["From", "support@app.test"], ["Subject", subject]], text: "x" });
  const words = encoded.split("\r\n\r\n")[0]!.match(/=\?UTF-8\?B\?[^?]*\?=/g)!;
  assert.ok(words.length > 1 && words.every((word) => word.length <= 75));
  assert.is((await PostalMime.parse(encoded)).subject, subject);
});

test("a message needs a body; Message-IDs are fresh, on the sender's domain", () => {
  assert.throws(() => composeMime({ headers }), /needs a text or an HTML body/);
  assert.match(newMessageId("support@app.test"), /^<[0-9a-f-]{36}@app\.test>$/);
  assert.is.not(newMessageId("a@b.c"), newMessageId("a@b.c"));
});

test.run();
