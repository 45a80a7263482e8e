/**
 * The dev inbox without workerd: what the email stand-in posts is kept as files under
 * .sdk/state/inbox and served back under /__sdk/inbox (JSON, or escaped pages for a browser),
 * only while the app uses email; the inbound trigger checks its envelope before workerd sees it.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { inboxUrl } from "../../../cli/dev/email-stand-in.ts";
import { emailEndpoints } from "../../../cli/dev/email-endpoints.ts";
import { createInbox, INBOX_DIR, type InboxMessage, type SentMail } from "../../../cli/dev/inbox.ts";
import { sdkEndpoints } from "../../../cli/dev/sdk-endpoints.ts";
import { rawEmail } from "../../helpers/email-messages.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const BUILDER: SentMail = {
  form: "builder",
  message: {
    from: { email: "noreply@shop.test", name: "Shop" },
    to: ["ada@example.com", { email: "grace@example.com", name: "Grace" }],
    cc: "team@shop.test",
    subject: "Your <order>",
    text: "Thanks",
    html: '<p onclick="steal()">Thanks</p><script>steal()</script>',
    attachments: [{ filename: "invoice.pdf", type: "application/pdf", size: 1234 }],
  },
};

/** The dev server's /__sdk/ middleware with the email endpoints, on a loopback port; `use` gets its origin. */
async function withEndpoints(root: string, enabled: boolean, use: (origin: string) => Promise<void>): Promise<void> {
  const middleware = sdkEndpoints({ crons: () => [], fireScheduled: async () => ({ cron: "", ran: [], outcome: "ok" }), email: emailEndpoints({ enabled: () => enabled, inbox: createInbox(root) }) });
  const server = createServer((req, res) => middleware(req, res, () => res.writeHead(418).end("next")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

test("the stand-in's message is kept, listed newest first, served as JSON and as escaped pages, and cleared", async () => {
  const root = scratchDir("inbox");
  await withEndpoints(root, true, async (origin) => {
    const first = await post(`${origin}/__sdk/inbox`, BUILDER);
    assert.is(first.status, 201);
    const { id, messageId } = (await first.json()) as { id: string; messageId: string };
    assert.match(messageId, /^<[0-9a-f-]+@shop\.test>$/);
    const raw = rawEmail({ from: "Support <support@shop.test>", to: "ada@example.com", subject: "Re: Your order", text: "On its way", messageId: "<r1@shop.test>" });
    assert.is((await post(`${origin}/__sdk/inbox`, { form: "raw", from: "support@shop.test", to: "ada@example.com", raw })).status, 201);

    const { messages } = (await (await fetch(`${origin}/__sdk/inbox`)).json()) as { messages: InboxMessage[] };
    assert.equal(messages.map(({ from, to, cc, subject, text, messageId }) => ({ from, to, cc, subject, text: text?.trim(), messageId })), [
      { from: "Support <support@shop.test>", to: ["ada@example.com"], cc: [], subject: "Re: Your order", text: "On its way", messageId: "<r1@shop.test>" },
      { from: "Shop <noreply@shop.test>", to: ["ada@example.com", "Grace <grace@example.com>"], cc: ["team@shop.test"], subject: "Your <order>", text: "Thanks", messageId },
    ]);
    assert.equal(messages[1]!.attachments, [{ filename: "invoice.pdf", type: "application/pdf", size: 1234 }]);

    const list = await (await fetch(`${origin}/__sdk/inbox`, { headers: { accept: "text/html,application/xhtml+xml" } })).text();
    assert.ok(list.includes(`href="/__sdk/inbox/${id}"`) && list.includes("Your &#60;order&#62;"));
    const page = await fetch(`${origin}/__sdk/inbox/${id}`, { headers: { accept: "text/html" } });
    const html = await page.text();
    assert.is(page.headers.get("content-type"), "text/html; charset=utf-8");
    assert.ok(html.includes('<iframe sandbox srcdoc="&#60;p onclick=&#34;steal()&#34;&#62;'), html);
    assert.not.ok(html.includes("<script>"), "the message's script stays text inside srcdoc");
    assert.ok(html.includes("invoice.pdf") && html.includes("1234 bytes"));
    assert.equal(((await (await fetch(`${origin}/__sdk/inbox/${id}`)).json()) as InboxMessage).subject, "Your <order>");

    for (const id of ["..%2F..%2Fpackage", "nope", "UPPER"]) assert.is((await fetch(`${origin}/__sdk/inbox/${id}`)).status, 404, id);
    assert.is((await post(`${origin}/__sdk/inbox`, { form: "letter" })).status, 400);
    assert.is((await fetch(`${origin}/__sdk/inbox`, { method: "PUT" })).headers.get("allow"), "GET, POST, DELETE");

    const index = (await (await fetch(`${origin}/__sdk/`)).json()) as { email: { inbox: string; curl: string } };
    assert.is(index.email.inbox, `${origin}/__sdk/inbox`);
    assert.match(index.email.curl, `curl -X POST '${origin}/__sdk/email?from=`);
    // A browser gets the dashboard, whose jobs tab lists the inbox (spec/e2e/dev/dashboard.test.ts); without one, the same JSON.
    assert.equal(((await (await fetch(`${origin}/__sdk/`, { headers: { accept: "text/html" } })).json()) as typeof index).email, index.email);
  });
  assert.equal(createInbox(root).list().map((message) => message.subject), ["Re: Your order", "Your <order>"], "kept on disk for the next session");
  assert.is(readdirSync(path.join(root, INBOX_DIR)).length, 2);
  await withEndpoints(root, true, async (origin) => {
    assert.equal(await (await fetch(`${origin}/__sdk/inbox`, { method: "DELETE" })).json(), { deleted: 2 });
  });
  assert.not.ok(existsSync(path.join(root, INBOX_DIR)));
});

test("the inbound trigger needs an envelope and a body before it asks workerd", async () => {
  await withEndpoints(scratchDir("inbox"), true, async (origin) => {
    const noEnvelope = await fetch(`${origin}/__sdk/email?from=ada@example.com`, { method: "POST", headers: { "content-type": "message/rfc822" }, body: "Subject: x\r\n\r\nx" });
    assert.equal([noEnvelope.status, ((await noEnvelope.json()) as { error: string }).error], [400, "Name the envelope: ?from=<sender>&to=<recipient>, with the raw message as the body."]);
    assert.is((await fetch(`${origin}/__sdk/email?from=a@example.com&to=b@example.com`, { method: "POST" })).status, 400);
    assert.is((await fetch(`${origin}/__sdk/email?from=a@example.com&to=b@example.com`)).headers.get("allow"), "POST");
  });
});

test("an app that uses no email has no inbox: its paths are unknown, and the index does not list them", async () => {
  await withEndpoints(scratchDir("inbox"), false, async (origin) => {
    const inbox = await fetch(`${origin}/__sdk/inbox`);
    assert.is(inbox.status, 404);
    assert.not.match(JSON.stringify(await inbox.json()), "inbox");
    assert.not.ok("email" in ((await (await fetch(`${origin}/__sdk/`)).json()) as object));
  });
});

test("the stand-in reaches the dev server where it listens, through loopback when it listens everywhere", async () => {
  assert.is(await inboxUrl({ host: "127.0.0.1", port: 5173 }), "http://127.0.0.1:5173/__sdk/inbox");
  assert.is(await inboxUrl({ host: "0.0.0.0", port: 5173 }), "http://127.0.0.1:5173/__sdk/inbox");
  assert.is(await inboxUrl({ host: "::", port: 5173 }), "http://[::1]:5173/__sdk/inbox");
  assert.match(await inboxUrl({ host: "localhost", port: 5173 }), /^http:\/\/(127\.0\.0\.1|\[::1\]):5173\/__sdk\/inbox$/);
});

test.run();
