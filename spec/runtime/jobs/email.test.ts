/** The `email` export's dispatch against a fake of the platform's message: routing, decisions, replies. */
import PostalMime from "postal-mime";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { emailDispatch, FAILED_REASON, type EmailDefinition } from "../../../runtime/email/dispatch.ts";
import type { PlatformEmail } from "../../../runtime/email/platform-email.ts";
import { defineEmail, type InboundEmail } from "../../../runtime/index.ts";
import { rawEmail, SUPPORT_MESSAGE } from "../../helpers/email-messages.ts";

interface FakeMessage extends PlatformEmail {
  rejected: string[];
  forwarded: { to: string; headers: Record<string, string> }[];
  replies: { from: string; to: string; raw: string }[];
}

function platformMessage(to: string, raw = rawEmail({ from: "ada@example.com", to, subject: "Hello", text: "Hi there" })): FakeMessage {
  const message: FakeMessage = {
    from: "ada@example.com",
    to,
    headers: new Headers({ subject: "Hello" }),
    raw: new Response(raw).body!,
    rawSize: raw.length,
    rejected: [],
    forwarded: [],
    replies: [],
    // Miniflare's is a call to another worker: the dispatch must wait for it.
    setReject: (reason) => new Promise<void>((resolve) => setTimeout(() => (message.rejected.push(reason), resolve()), 5)),
    forward: async (rcptTo, headers) => void message.forwarded.push({ to: rcptTo, headers: Object.fromEntries(headers ?? []) }),
    reply: async (reply) => void message.replies.push(reply as FakeMessage["replies"][number]),
  };
  return message;
}

const fakeEmailMessage = (from: string, to: string, raw: string) => ({ from, to, raw });

function dispatchOf(handlers: Record<string, (message: InboundEmail) => void | Promise<void>>) {
  const definitions: EmailDefinition[] = Object.entries(handlers).map(([stem, fn]) => ({
    file: `email/${stem}.ts`,
    recipient: stem === "_default" ? null : stem,
    handler: defineEmail(fn),
  }));
  return emailDispatch(definitions, fakeEmailMessage);
}

test("the file named after the local part takes the message, in any case; _default takes the rest", async () => {
  const seen: string[] = [];
  const dispatch = dispatchOf({ support: (m) => void seen.push(`support ${m.to}`), _default: (m) => void seen.push(`_default ${m.to}`) });
  assert.equal(await dispatch(platformMessage("Support@App.test")), { file: "email/support.ts" });
  assert.equal(await dispatch(platformMessage("support.team@app.test")), { file: "email/_default.ts" });
  assert.equal(seen, ["support Support@App.test", "_default support.team@app.test"]);
});

test("an address no file answers, without _default, is rejected", async () => {
  const message = platformMessage("sales@app.test");
  assert.equal(await dispatchOf({ support: () => {} })(message), { file: null, rejected: "Unknown address sales@app.test" });
  assert.equal(message.rejected, ["Unknown address sales@app.test"]);
});

test("the handler gets the parsed message, the envelope, the env and waitUntil", async () => {
  let got: InboundEmail | undefined;
  const waited: Promise<unknown>[] = [];
  const dispatch = dispatchOf({ support: (m) => void (got = m) });
  await dispatch(platformMessage("support@app.test", SUPPORT_MESSAGE), { GREETING: "hi" }, { waitUntil: (p) => void waited.push(p) });
  assert.equal(
    { from: got!.from, to: got!.to, fromName: got!.fromName, subject: got!.subject, text: got!.text?.trim(), html: got!.html?.trim(), messageId: got!.messageId, date: got!.date, rawSize: got!.rawSize, env: got!.env },
    { from: "ada@example.com", to: "support@app.test", fromName: "Ada Lovelace", subject: "Invoice question", text: "Where is my invoice?", html: "<p>Where is my invoice?</p>", messageId: "<q1@example.com>", date: "2026-11-24T10:00:00.000Z", rawSize: SUPPORT_MESSAGE.length, env: { GREETING: "hi" } },
  );
  const [attachment] = got!.attachments;
  assert.equal([attachment!.filename, attachment!.mimeType, new TextDecoder().decode(attachment!.content)], ["note.txt", "text/plain", "order 42"]);
  assert.ok(attachment!.content instanceof Uint8Array);
  assert.is(got!.headers.get("subject"), "Hello", "the platform's headers, as given");
  got!.waitUntil(Promise.resolve("later"));
  assert.is(waited.length, 1);
});

test("reject: the first decision counts, and the dispatch waits for it", async () => {
  const message = platformMessage("support@app.test");
  const outcome = await dispatchOf({ support: (m) => (m.reject("not today"), m.reject("nor tomorrow")) })(message);
  assert.equal(outcome, { file: "email/support.ts", rejected: "not today" });
  assert.equal(message.rejected, ["not today"]);
});

test("a handler that throws is logged with its file and the message rejected with a generic reason", async () => {
  const logged: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    const message = platformMessage("support@app.test");
    const outcome = await dispatchOf({ support: () => Promise.reject(new Error("database down at 10.0.0.7")) })(message);
    assert.equal(outcome, { file: "email/support.ts", rejected: FAILED_REASON, error: "database down at 10.0.0.7" });
    assert.equal(message.rejected, [FAILED_REASON], "the sender learns nothing of the app");
    assert.match(String(logged[0]![0]), /email email\/support\.ts threw; the message is rejected/);
  } finally {
    console.error = original;
  }
});

test("forward passes the address and the added headers to the platform", async () => {
  const message = platformMessage("support@app.test");
  await dispatchOf({ support: (m) => m.forward("team@example.com", { "X-Handled-By": "support" }) })(message);
  assert.equal(message.forwarded, [{ to: "team@example.com", headers: { "x-handled-by": "support" } }]);
});

test("reply: from the recipient to the sender, threaded to the original, with Re: once", async () => {
  const message = platformMessage("support@app.test", SUPPORT_MESSAGE.replace("Message-ID: <q1@example.com>", "Message-ID: <q1@example.com>\r\nReferences: <q0@example.com>"));
  await dispatchOf({ support: (m) => m.reply({ text: "On it.", html: "<p>On it.</p>" }) })(message);
  const [reply] = message.replies;
  assert.equal([reply!.from, reply!.to], ["support@app.test", "ada@example.com"]);
  const parsed = await PostalMime.parse(reply!.raw);
  assert.equal(
    { from: parsed.from?.address, to: parsed.to?.[0]?.address, subject: parsed.subject, inReplyTo: parsed.inReplyTo, references: parsed.references, text: parsed.text?.trim(), html: parsed.html?.trim() },
    { from: "support@app.test", to: "ada@example.com", subject: "Re: Invoice question", inReplyTo: "<q1@example.com>", references: "<q0@example.com> <q1@example.com>", text: "On it.", html: "<p>On it.</p>" },
  );
  assert.match(parsed.messageId!, /^<[0-9a-f-]+@app\.test>$/);

  const again = platformMessage("support@app.test", rawEmail({ from: "ada@example.com", to: "support@app.test", subject: "RE: Invoice", text: "?" }));
  await dispatchOf({ support: (m) => m.reply({ text: "Still on it." }) })(again);
  assert.is((await PostalMime.parse(again.replies[0]!.raw)).subject, "RE: Invoice");
});

test("reply needs a body, and an original with a Message-ID: otherwise the handler throws (and the message is rejected)", async () => {
  const original = console.error;
  const logged: string[] = [];
  console.error = (...args: unknown[]) => void logged.push(args.map(String).join(" "));
  try {
    const noBody = await dispatchOf({ support: (m) => m.reply({ subject: "x" }) })(platformMessage("support@app.test"));
    assert.match(noBody.error!, /reply\(\) needs `text`, `html` or both/);
    const withoutId = platformMessage("support@app.test", rawEmail({ from: "ada@example.com", to: "support@app.test", subject: "Hello", text: "Hi" }).replace(/^Message-ID: .*\r\n/m, ""));
    const noId = await dispatchOf({ support: (m) => m.reply({ text: "x" }) })(withoutId);
    assert.match(noId.error!, /no Message-ID/);
    assert.is(withoutId.replies.length, 0);
  } finally {
    console.error = original;
  }
});

test("a table entry that is not a defineEmail() result is refused when the worker starts", () => {
  assert.throws(() => emailDispatch([{ file: "email/x.ts", recipient: "x", handler: (() => {}) as never }], fakeEmailMessage), /email\/x\.ts: the default export is not a defineEmail\(\) result/);
});

test.run();
