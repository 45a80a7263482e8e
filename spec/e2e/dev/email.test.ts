/**
 * Email under `sdk dev` on the edge: SEND_EMAIL is the stand-in auxiliary worker, which delivers
 * every message to the dev server's inbox (kept under .sdk/state/inbox, so the next session still
 * has it), readable as JSON or as a page at /__sdk/inbox; /__sdk/email hands a raw message to the
 * worker's `email` export, and answers with what the handler decided.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withServer } from "../../helpers/e2e/targets.ts";
import { rawEmail, SUPPORT_MESSAGE } from "../../helpers/email-messages.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { waitFor } from "../../helpers/wait-for.ts";
import { copyFixture } from "../../helpers/sdk-cli.ts";

interface InboxMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
}

/** What the documented curl command sends: a form's text/plain would be refused as a cross-site request could send it. */
const RAW_MESSAGE = { "content-type": "message/rfc822" };
const inbox = async (url: string) => ((await (await fetch(`${url}/__sdk/inbox`)).json()) as { messages: InboxMessage[] }).messages;

test("a sent message lands in the inbox, as JSON and as a page; inbound mail reaches the handlers; the inbox outlives a restart", async () => {
  const root = copyFixture("fixtures", "e2e-email");
  await withServer(() => startDev(root), async (server) => {
    const inboxLine = `Inbox:   ${server.url}/__sdk/inbox`;
    await waitFor("the startup output to name the inbox", async () => (server.output().includes(inboxLine) ? true : undefined));
    const sent = await fetch(`${server.url}/api/send`, { method: "POST", body: JSON.stringify({ to: "grace@example.com", subject: "Welcome <b>in</b>" }) });
    assert.is(sent.status, 200, await sent.clone().text());
    const { messageId } = (await sent.json()) as { messageId: string };

    const [message, ...others] = await inbox(server.url);
    assert.is(others.length, 0);
    assert.equal(
      { from: message!.from, to: message!.to, subject: message!.subject, text: message!.text, html: message!.html },
      { from: "Example App <noreply@example.com>", to: ["grace@example.com"], subject: "Welcome <b>in</b>", text: "Hello grace@example.com", html: '<h1>Hello</h1><script>alert("x")</script>' },
    );
    assert.match(messageId, /^<.+@example\.com>$/);

    const page = await (await fetch(`${server.url}/__sdk/inbox`, { headers: { accept: "text/html" } })).text();
    assert.ok(page.includes("Welcome &#60;b&#62;in&#60;/b&#62;"), "the subject is escaped in the list");
    const one = await (await fetch(`${server.url}/__sdk/inbox/${message!.id}`, { headers: { accept: "text/html" } })).text();
    assert.ok(one.includes('<iframe sandbox srcdoc="&#60;h1&#62;Hello&#60;/h1&#62;&#60;script&#62;'), "the HTML body sits escaped in a sandboxed frame");
    assert.not.ok(one.includes("<script>"), "no script of the message reaches the page");
    assert.equal(((await (await fetch(`${server.url}/__sdk/inbox/${message!.id}`)).json()) as InboxMessage).subject, "Welcome <b>in</b>");
    // The inbox answers 404; the dev server's file guard, which sees sdk.config behind the dots, answers first.
    assert.ok([403, 404].includes((await fetch(`${server.url}/__sdk/inbox/..%2F..%2Fsdk.config`)).status));

    const index = (await (await fetch(`${server.url}/__sdk/`)).json()) as { email: { inbox: string; curl: string } };
    assert.is(index.email.inbox, `${server.url}/__sdk/inbox`);
    assert.match(index.email.curl, /__sdk\/email\?from=/);

    const accepted = await fetch(`${server.url}/__sdk/email?from=ada@example.com&to=support@app.test`, { method: "POST", headers: RAW_MESSAGE, body: SUPPORT_MESSAGE });
    assert.equal([accepted.status, await accepted.json()], [200, { outcome: "accepted", from: "ada@example.com", to: "support@app.test" }]);
    const noId = rawEmail({ from: "grace@example.com", to: "hello@app.test", subject: "Hi", text: "typed by hand" }).replace(/^Message-ID: .*\r\n/m, "");
    assert.is((await fetch(`${server.url}/__sdk/email?from=grace@example.com&to=hello@app.test`, { method: "POST", headers: RAW_MESSAGE, body: noId })).status, 200);
    const received = ((await (await fetch(`${server.url}/api/received`)).json()) as { received: { handler: string; subject: string; replied?: boolean }[] }).received;
    assert.equal(received.map(({ handler, subject, replied }) => ({ handler, subject, replied })), [
      { handler: "support", subject: "Invoice question", replied: true },
      { handler: "_default", subject: "Hi", replied: undefined },
    ]);
    const rejected = await fetch(`${server.url}/__sdk/email?from=eve@example.com&to=nobody@app.test`, { method: "POST", headers: RAW_MESSAGE, body: rawEmail({ from: "eve@example.com", to: "nobody@app.test", subject: "?", text: "?" }) });
    assert.equal([rejected.status, await rejected.json()], [400, { outcome: "rejected", from: "eve@example.com", to: "nobody@app.test", reason: "No mailbox for nobody@app.test" }]);
  });
  assert.ok(existsSync(path.join(root, ".sdk", "state", "inbox")));
  await withServer(() => startDev(root), async (server) => {
    assert.equal((await inbox(server.url)).map((message) => message.subject), ["Welcome <b>in</b>"]);
    assert.equal(await (await fetch(`${server.url}/__sdk/inbox`, { method: "DELETE" })).json(), { deleted: 1 });
    assert.equal(await inbox(server.url), []);
  });
});

test.run();
