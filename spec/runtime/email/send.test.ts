/** `sendEmail()` of sdk/email against a fake send_email binding: the builder form it sends, and its errors. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createSendEmail, type EmailBuilder } from "../../../runtime/email/send.ts";

/** The message of the error the call rejects with. */
async function rejection(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the call did not reject");
}

function fakeSend(defaultFrom?: string) {
  const sent: EmailBuilder[] = [];
  const sendEmail = createSendEmail({
    binding: () => ({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@example.com>` }) }),
    defaultFrom: () => defaultFrom,
  });
  return { sent, sendEmail };
}

test("from email.from, display name and address apart; the platform's Message-ID comes back", async () => {
  const { sent, sendEmail } = fakeSend("Example App <noreply@example.com>");
  assert.equal(await sendEmail({ to: "grace@example.com", subject: "Welcome", text: "Hi" }), { messageId: "<1@example.com>" });
  assert.equal(sent, [{ from: { email: "noreply@example.com", name: "Example App" }, to: ["grace@example.com"], subject: "Welcome", text: "Hi" }]);
});

test("a call's own sender, lists, cc, bcc, reply-to and an HTML body", async () => {
  const { sent, sendEmail } = fakeSend("noreply@example.com");
  await sendEmail({
    from: '"Billing" <billing@example.com>',
    to: ["ada@example.com", "Grace Hopper <grace@example.com>"],
    cc: "team@example.com",
    bcc: ["audit@example.com"],
    replyTo: "help@example.com",
    subject: "Invoice",
    html: "<p>Attached</p>",
  });
  assert.equal(sent, [{
    from: { email: "billing@example.com", name: "Billing" },
    to: ["ada@example.com", { email: "grace@example.com", name: "Grace Hopper" }],
    subject: "Invoice",
    html: "<p>Attached</p>",
    replyTo: "help@example.com",
    cc: ["team@example.com"],
    bcc: ["audit@example.com"],
  }]);
});

test("no sender anywhere: an error that names email.from in sdk.config.ts; nothing is sent", async () => {
  const { sent, sendEmail } = fakeSend(undefined);
  assert.match(await rejection(() => sendEmail({ to: "a@example.com", subject: "x", text: "x" })), /no sender: set email\.from in sdk\.config\.ts/);
  assert.equal(sent, []);
});

test("a message without a recipient, subject or body is refused before the binding", async () => {
  const { sent, sendEmail } = fakeSend("noreply@example.com");
  assert.match(await rejection(() => sendEmail({ to: [], subject: "x", text: "x" })), /needs `to`/);
  assert.match(await rejection(() => sendEmail({ to: "a@example.com", subject: undefined as unknown as string, text: "x" })), /needs a `subject`/);
  assert.match(await rejection(() => sendEmail({ to: "a@example.com", subject: "x" })), /needs `text`, `html` or both/);
  assert.equal(sent, []);
});

test.run();
