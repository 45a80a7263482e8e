/**
 * A custom OAuth provider as users add one, end to end in workerd: auth.ts configures
 * better-auth's genericOAuth (from sdk/auth/plugins) with URLs and credentials read through
 * sdk/env, `.env` sets them to a stand-in provider on loopback, and `sdk preview` of the built
 * app runs the whole flow over real HTTP, the test following redirects as a browser would:
 * sign-in with state and PKCE, the provider's consent, the callback's code exchange, the
 * session, the user and account rows. Also: a protected page redirects a signed-out browser.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startBuilt, withServer } from "../../helpers/e2e/targets.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import type { RunningServer } from "../../helpers/spawn-server.ts";
import { CookieJar } from "../../helpers/auth/cookie-jar.ts";
import { withOAuthProvider, type OAuthProvider } from "../../helpers/auth/oauth-provider.ts";
import { consent, linkedAccounts, startSignIn as startSocialSignIn } from "../../helpers/auth/social-sign-in.ts";

const startSignIn = (app: string, jar: CookieJar, client?: string) => startSocialSignIn(app, jar, "acme", client);

const CLIENT = { id: "sdk-fixture", secret: "stand-in-secret" };
const PROVIDER_USER = { id: "acme-4711", email: "grace@acme.test", name: "Grace" };

async function socialSignIn(app: string, provider: OAuthProvider): Promise<void> {
  const jar = new CookieJar();
  const authorize = await startSignIn(app, jar);
  assert.is(`${authorize.origin}${authorize.pathname}`, `${provider.url}/authorize`, "auth.ts's authorizationUrl, read from .env through sdk/env");
  assert.ok(jar.has(".state"), "the state is bound to this browser by a cookie");
  const query = authorize.searchParams;
  assert.is(query.get("client_id"), CLIENT.id);
  assert.is(query.get("code_challenge_method"), "S256");
  assert.is(query.get("redirect_uri"), `${app}/api/auth/callback/acme`);
  assert.match(query.get("scope") ?? "", /profile.*email/, "auth.ts's scopes");

  const callback = await consent(authorize);
  assert.equal(provider.authorizations.map((a) => a.state), [query.get("state")], "the provider checked and recorded the state and the S256 challenge");
  assert.is(callback.searchParams.get("state"), query.get("state"), "the provider hands the state back");
  const signedIn = await jar.navigate(callback.href);
  assert.is(signedIn.status, 302, await signedIn.clone().text());
  assert.is(signedIn.headers.get("location"), "/account", "back to the callbackURL");
  assert.ok(jar.has(".session_token"), `a session cookie in ${signedIn.headers.getSetCookie().join(" | ")}`);
  assert.not.ok(jar.has(".state"), "the state cookie is spent");
  assert.equal(provider.tokenRequests, [{ ok: true }], "the code was exchanged once, its PKCE verifier matching the challenge");
  assert.is(provider.userInfoRequests, 1);

  const page = await jar.navigate(`${app}/account`);
  assert.is(page.status, 200);
  assert.match(await page.text(), `<p id="account">Signed in as ${PROVIDER_USER.email}</p>`);
  const me = await fetch(`${app}/api/me`, { headers: jar.header() });
  assert.equal(await me.json(), { email: PROVIDER_USER.email, name: PROVIDER_USER.name }, "c.get(\"user\") is the provider's user");
  assert.equal(await linkedAccounts(app, jar), [["acme", PROVIDER_USER.id]], "an account row links the user to the provider's subject");

  // The same browser signing in again finds the same user: no second account.
  await jar.navigate((await consent(await startSignIn(app, jar))).href);
  assert.is((await linkedAccounts(app, jar)).length, 1);
}

/** A callback whose state is not the one this browser started with never reaches the token endpoint. */
async function forgedCallbacks(app: string, provider: OAuthProvider): Promise<void> {
  const exchanged = provider.tokenRequests.length;
  const refused = async (jar: CookieJar, callback: URL) => {
    const response = await jar.navigate(callback.href);
    assert.is(response.status, 302);
    assert.match(response.headers.get("location") ?? "", /\/api\/auth\/error\?error=state_mismatch$/);
    assert.not.ok(jar.has(".session_token"));
  };

  // The attacker's flows come from other addresses than the user's two sign-ins.
  const jar = new CookieJar();
  const wrongState = await consent(await startSignIn(app, jar, "203.0.113.1"));
  wrongState.searchParams.set("state", "forged-state-of-another-flow");
  await refused(jar, wrongState);

  // The right state, but in another browser (a login CSRF): the state cookie is missing.
  await refused(new CookieJar(), await consent(await startSignIn(app, new CookieJar(), "203.0.113.2")));
  assert.is(provider.tokenRequests.length, exchanged, "no code was exchanged");
}

/** The fixture with its provider in `.env`, its migrations generated and applied, built and previewed. */
async function startApp(provider: OAuthProvider): Promise<RunningServer> {
  const root = copyFixture("fixtures", "auth-oauth");
  writeFileSync(path.join(root, ".env"), [`AUTH_ACME_URL=${provider.url}`, `AUTH_ACME_CLIENT_ID=${CLIENT.id}`, `AUTH_ACME_CLIENT_SECRET=${CLIENT.secret}`, ""].join("\n"));
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  expectSuccess(runSdk(["db", "migrate", "--root", root]), "sdk db migrate");
  expectSuccess(runSdk(["build", "--root", root]), "sdk build");
  return startBuilt(root, "edge");
}

test("genericOAuth in auth.ts: sign-in with state and PKCE, the code exchanged at the callback, the user and account created; a protected page", async () => {
  await withOAuthProvider(CLIENT, PROVIDER_USER, async (provider) => {
    await withServer(() => startApp(provider), async (server) => {
      const signedOut = await fetch(`${server.url}/account`, { headers: { accept: "text/html" }, redirect: "manual" });
      assert.is(signedOut.status, 302, "requireUser in the page's loader");
      assert.is(signedOut.headers.get("location"), "/sign-in?next=%2Faccount");
      const navigation = await fetch(`${server.url}/account/__data.json`, { headers: { accept: "application/json" } });
      assert.is(navigation.status, 401, "a client navigation's data request; the router then loads the document, which redirects");
      await socialSignIn(server.url, provider);
      await forgedCallbacks(server.url, provider);
    });
  });
});

test.run();
