/**
 * Email as users run it: the fixture built for the edge and served by `sdk preview` in workerd.
 * Miniflare's `/cdn-cgi/handler/email` delivers a raw message to the worker's `email` export as
 * Email Routing would: the file named after the recipient takes it (forwarding and replying,
 * which Miniflare checks is threaded to the original), `_default` takes the rest, a handler's
 * rejection reaches the sender, and a handler that throws rejects with a reason that says nothing
 * of the app. `sendEmail()` goes through SEND_EMAIL, which preview's stand-in prints.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildFixture, startBuilt, withServer } from "../helpers/e2e/targets.ts";
import { copyFixture, expectSuccess, installedApps, runSdk } from "../helpers/sdk-cli.ts";
import type { RunningServer } from "../helpers/spawn-server.ts";
import { waitFor } from "../helpers/wait-for.ts";
import { rawEmail, SUPPORT_MESSAGE } from "../helpers/email-messages.ts";

const root = buildFixture("e2e-email", "edge");

async function deliver(server: RunningServer, from: string, to: string, raw: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}/cdn-cgi/handler/email?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { method: "POST", body: raw });
  return { status: response.status, text: await response.text() };
}

/** workerd's output reaches the server's a moment after the answer. */
const printed = (server: RunningServer, pattern: RegExp) => waitFor(`output matching ${pattern}`, async () => (pattern.test(server.output()) ? true : undefined));

async function received(server: RunningServer): Promise<Record<string, unknown>[]> {
  return ((await (await fetch(`${server.url}/api/received`)).json()) as { received: Record<string, unknown>[] }).received;
}

test("wrangler.json has the SEND_EMAIL binding sdk/email sends through", () => {
  const wrangler = JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
  assert.equal(wrangler.send_email, [{ name: "SEND_EMAIL" }]);
});

test("inbound: the named file (any case), _default, a rejection, and a handler that throws", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const support = await deliver(server, "ada@example.com", "Support@app.test", SUPPORT_MESSAGE);
    assert.equal(support, { status: 200, text: "Worker successfully processed email" });
    const hello = await deliver(server, "grace@example.com", "hello@app.test", rawEmail({ from: "grace@example.com", to: "hello@app.test", subject: "Hi", text: "Just saying hi", messageId: "<hi@example.com>" }));
    assert.is(hello.status, 200, hello.text);
    assert.equal(await received(server), [
      {
        handler: "support",
        from: "ada@example.com",
        to: "Support@app.test",
        fromName: "Ada Lovelace",
        subject: "Invoice question",
        text: "Where is my invoice?",
        html: "<p>Where is my invoice?</p>",
        attachments: [{ filename: "note.txt", mimeType: "text/plain", text: "order 42" }],
        messageId: "<q1@example.com>",
        hasEnv: true,
        replied: true,
      },
      { handler: "_default", from: "grace@example.com", to: "hello@app.test", fromName: "", subject: "Hi", text: "Just saying hi", attachments: [], messageId: "<hi@example.com>", hasEnv: true },
    ]);

    const nobody = await deliver(server, "eve@example.com", "nobody@app.test", rawEmail({ from: "eve@example.com", to: "nobody@app.test", subject: "?", text: "?" }));
    assert.equal(nobody, { status: 400, text: "Worker rejected email with the following reason: No mailbox for nobody@app.test" });

    const broken = await deliver(server, "eve@example.com", "broken@app.test", rawEmail({ from: "eve@example.com", to: "broken@app.test", subject: "?", text: "?" }));
    assert.equal(broken, { status: 400, text: "Worker rejected email with the following reason: The message could not be processed" });
    await printed(server, /\[sdk\] email email\/broken\.ts threw; the message is rejected/);
    await printed(server, /broken handler failed/);
    assert.is((await received(server)).length, 2, "neither rejected message reached a record");
  });
});

test("sendEmail() goes through SEND_EMAIL, from email.from unless the call names a sender; preview prints it", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const sent = await fetch(`${server.url}/api/send`, { method: "POST", body: JSON.stringify({ to: "grace@example.com", subject: "Welcome" }) });
    assert.is(sent.status, 200);
    assert.match(((await sent.json()) as { messageId: string }).messageId, /^<.+@sdk\.local>$/);
    const other = await fetch(`${server.url}/api/send`, { method: "POST", body: JSON.stringify({ to: "ada@example.com", subject: "Other", from: "billing@example.com" }) });
    assert.is(other.status, 200);
    await printed(server, /sdk\/email on this machine, not sent: from Example App <noreply@example\.com> to grace@example\.com, subject "Welcome"\nHello grace@example\.com/);
    await printed(server, /not sent: from billing@example\.com to ada@example\.com, subject "Other"/);
  });
});

test("the handlers and sendEmail() type-check against the installed package; a wrong call does not", () => {
  const app = copyFixture("fixtures", "e2e-email");
  expectSuccess(runSdk(["prepare", "--root", app]), "sdk prepare");
  writeFileSync(path.join(app, "tsconfig.json"), '{ "extends": "./.sdk/tsconfig.json", "include": ["routes", "email", "src"] }\n');
  const tsc = () => {
    const result = spawnSync(process.execPath, [path.join(installedApps(), "node_modules", "typescript", "bin", "tsc"), "-p", ".", "--noEmit", "--pretty", "false"], { cwd: app, encoding: "utf8" });
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  };
  const clean = tsc();
  assert.is(clean.code, 0, clean.output);
  writeFileSync(path.join(app, "email", "wrong.ts"), 'import { defineEmail } from "sdk";\nimport { sendEmail } from "sdk/email";\nexport default defineEmail(async (message) => {\n  await sendEmail({ to: message.from, subject: 1, text: "x" });\n});\n');
  const broken = tsc();
  assert.match(broken.output, /email\/wrong\.ts\(4,\d+\): error TS2322/);
});

test.run();
