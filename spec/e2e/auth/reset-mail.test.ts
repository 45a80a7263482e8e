/**
 * better-auth's mail hooks through `sdk/email`, as an app writes them in auth.ts: a password
 * reset asked for in `sdk dev` sends its link with `sendEmail`, the dev inbox receives it, the
 * link's token sets a new password, and only the new one signs in.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withDev } from "../../helpers/dev-server.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import { waitFor } from "../../helpers/wait-for.ts";
import { MAIL_CONFIG, RESET_MAIL_AUTH_TS } from "../../helpers/reset-mail-app.ts";

const ACCOUNT = { email: "lin@example.com", password: "a long enough password", name: "Lin" };
const NEW_PASSWORD = "another long password";


interface InboxMessage {
  to: string[];
  subject: string;
  text: string | null;
}

const post = (url: string, endpoint: string, body: unknown) =>
  fetch(`${url}/api/auth/${endpoint}`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body: JSON.stringify(body) });

test("sendResetPassword in auth.ts: the link reaches the dev inbox through sdk/email, its token sets the new password", async () => {
  const root = copyFixture("fixtures", "auth-d1");
  writeFileSync(path.join(root, "auth.ts"), RESET_MAIL_AUTH_TS);
  writeFileSync(path.join(root, "sdk.config.ts"), MAIL_CONFIG);
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate with auth.ts importing sdk/email");

  await withDev(root, async (server) => {
    const signedUp = await post(server.url, "sign-up/email", ACCOUNT);
    assert.is(signedUp.status, 200, await signedUp.clone().text());
    const asked = await post(server.url, "request-password-reset", { email: ACCOUNT.email, redirectTo: "/reset" });
    assert.is(asked.status, 200, await asked.clone().text());

    const mail = await waitFor("the reset mail in the dev inbox", async () => {
      const { messages } = (await (await fetch(`${server.url}/__sdk/inbox`)).json()) as { messages: InboxMessage[] };
      return messages.find((message) => message.subject === "Reset your password");
    });
    assert.equal(mail.to, [ACCOUNT.email]);
    const link = /(http:\/\/\S+\/api\/auth\/reset-password\/(\w+)\?callbackURL=%2Freset)/.exec(mail.text ?? "");
    assert.ok(link, `a reset link in ${mail.text}`);
    const opened = await fetch(link[1]!, { redirect: "manual" });
    assert.is(opened.status, 302, await opened.clone().text());
    assert.is(opened.headers.get("location"), `${server.url}/reset?token=${link[2]}`);

    const reset = await post(server.url, "reset-password", { token: link[2], newPassword: NEW_PASSWORD });
    assert.is(reset.status, 200, await reset.clone().text());
    assert.is((await post(server.url, "sign-in/email", { email: ACCOUNT.email, password: ACCOUNT.password })).status, 401, "the old password no longer signs in");
    assert.is((await post(server.url, "sign-in/email", { email: ACCOUNT.email, password: NEW_PASSWORD })).status, 200, "the new password signs in");
    assert.is((await post(server.url, "reset-password", { token: link[2], newPassword: "a third long password" })).status, 400, "a token is used once");
  });
});

test.run();
