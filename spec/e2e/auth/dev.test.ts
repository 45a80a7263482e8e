/**
 * Auth in `sdk dev` (the worker in workerd through Vite): the auth tables' migration, generated
 * by `sdk db generate`, applied when dev starts; sign-up, sign-in and `c.get("user")`; and the
 * secret dev made for this machine kept under .sdk/state, so a session of one dev session is
 * still signed in the next.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withDev } from "../../helpers/dev-server.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import type { RunningServer } from "../../helpers/spawn-server.ts";
import { CookieJar } from "../../helpers/auth/cookie-jar.ts";

const ACCOUNT = { email: "lin@example.com", password: "a long enough password", name: "Lin" };

const post = (url: string, endpoint: string, body: unknown) =>
  fetch(`${url}/api/auth/${endpoint}`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body: JSON.stringify(body) });

const me = async (url: string, jar: CookieJar) => (await fetch(`${url}/api/me`, { headers: jar.header() })).json();

test("sdk dev: the auth migration applied at start, sign-up and sign-in, and the local secret keeps sessions across dev sessions", async () => {
  const root = copyFixture("fixtures", "auth-d1");
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  const secretFile = path.join(root, ".sdk", "state", "auth-secret");
  const session = new CookieJar();

  const first = await withDev(root, async (server) => {
    assert.equal(await me(server.url, session), { email: null, session: false });
    const signedUp = await post(server.url, "sign-up/email", ACCOUNT);
    assert.is(signedUp.status, 200, await signedUp.clone().text());
    assert.is((await post(server.url, "sign-in/email", { email: ACCOUNT.email, password: "not the password" })).status, 401);
    const signedIn = await post(server.url, "sign-in/email", { email: ACCOUNT.email, password: ACCOUNT.password });
    assert.is(signedIn.status, 200);
    session.take(signedIn);
    assert.ok(session.has(".session_token"));
    assert.equal(await me(server.url, session), { email: ACCOUNT.email, session: true }, 'c.get("user") in dev');
  });
  assert.match(first, /applied \d{14}_init\.sql/);
  const secret = readFileSync(secretFile, "utf8");

  await withDev(root, async (server) => {
    assert.equal(await me(server.url, session), { email: ACCOUNT.email, session: true }, "the first session's cookie: its signature checks with the kept secret");
  });
  assert.is(readFileSync(secretFile, "utf8"), secret, "the secret is made once");
});

test.run();
