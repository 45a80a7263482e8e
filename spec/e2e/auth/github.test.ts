/**
 * A built-in social provider end to end: `auth.providers: ["github"]` with
 * `AUTH_GITHUB_CLIENT_ID`/`_SECRET`, better-auth's own `github` provider, its endpoints fixed to
 * github.com and api.github.com. The built worker runs in workerd with the options `sdk preview`
 * uses; its requests to GitHub's two hosts go to the stand-in provider on loopback through
 * workerd's outbound service (the only change: there is no internet here), and any other host
 * is refused. The browser's own visit to github.com is sent to the stand-in the same way.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Miniflare } from "miniflare";
import { miniflareOptions, type WranglerJson } from "../../../cli/preview/miniflare-options.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import { CookieJar } from "../../helpers/auth/cookie-jar.ts";
import { withOAuthProvider, type OAuthProvider } from "../../helpers/auth/oauth-provider.ts";
import { consent, linkedAccounts, startSignIn } from "../../helpers/auth/social-sign-in.ts";

const CLIENT = { id: "Iv23liGitHubApp", secret: "github-stand-in-secret" };
/** GitHub's ids are numbers; its profile hides a private email, which `/user/emails` gives. */
const GITHUB_USER = { id: "4711", email: "ada@users.github.test", name: "Ada" };
const GITHUB_HOSTS = new Set(["github.com", "api.github.com"]);

/** The fixture with `github` in `auth.providers`, its migrations generated and applied, built. */
function buildApp(): string {
  const root = copyFixture("fixtures", "auth-oauth");
  writeFileSync(path.join(root, "sdk.config.ts"), 'import { defineConfig } from "sdk/config";\n\nexport default defineConfig({ auth: { providers: ["email", "github"] } });\n');
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  expectSuccess(runSdk(["db", "migrate", "--root", root]), "sdk db migrate");
  expectSuccess(runSdk(["build", "--root", root]), "sdk build");
  return root;
}

/** The stand-in's URL for a request to one of GitHub's hosts. */
function toStandIn(url: URL, provider: OAuthProvider): URL {
  assert.ok(GITHUB_HOSTS.has(url.hostname), `only GitHub's hosts are asked, not ${url.hostname}`);
  return new URL(`${url.pathname}${url.search}`, provider.url);
}

async function withWorker(root: string, provider: OAuthProvider, outbound: string[], use: (app: string) => Promise<void>): Promise<void> {
  const serverDir = path.join(root, "dist", "server");
  const wrangler = JSON.parse(readFileSync(path.join(serverDir, "wrangler.json"), "utf8")) as WranglerJson;
  const vars = {
    AUTH_GITHUB_CLIENT_ID: CLIENT.id,
    AUTH_GITHUB_CLIENT_SECRET: CLIENT.secret,
    AUTH_SECRET: "a-test-secret-of-at-least-32-characters",
    // env.ts's keys for the fixture's other provider.
    AUTH_ACME_URL: provider.url,
    AUTH_ACME_CLIENT_ID: "unused",
    AUTH_ACME_CLIENT_SECRET: "unused",
  };
  const options = miniflareOptions(serverDir, wrangler, { port: 0, host: "127.0.0.1" }, { persistRoot: path.join(root, ".sdk", "state", "v3"), vars });
  const mf = new Miniflare({
    ...options,
    outboundService: async (request: Request) => {
      const url = new URL(request.url);
      outbound.push(`${request.method} ${url.host}${url.pathname}`);
      return fetch(toStandIn(url, provider), { method: request.method, headers: request.headers, body: request.method === "GET" ? undefined : await request.text() });
    },
  } as ConstructorParameters<typeof Miniflare>[0]);
  try {
    await use((await mf.ready).origin);
  } finally {
    await mf.dispose();
  }
}

test("auth.providers github: better-auth's own provider with state and PKCE, the code exchanged at github.com, the profile and private email from api.github.com, the user and account created", async () => {
  const root = buildApp();
  await withOAuthProvider(CLIENT, GITHUB_USER, async (provider) => {
    const outbound: string[] = [];
    await withWorker(root, provider, outbound, async (app) => {
      const jar = new CookieJar();
      const authorize = await startSignIn(app, jar, "github");
      assert.is(`${authorize.origin}${authorize.pathname}`, "https://github.com/login/oauth/authorize");
      const query = authorize.searchParams;
      assert.is(query.get("client_id"), CLIENT.id, "AUTH_GITHUB_CLIENT_ID");
      assert.is(query.get("code_challenge_method"), "S256");
      assert.is(query.get("redirect_uri"), `${app}/api/auth/callback/github`);
      assert.match(query.get("scope") ?? "", /read:user.*user:email/, "GitHub's default scopes");
      assert.ok(jar.has(".state"));

      const callback = await consent(toStandIn(authorize, provider));
      const signedIn = await jar.navigate(callback.href);
      assert.is(signedIn.status, 302, await signedIn.clone().text());
      assert.is(signedIn.headers.get("location"), "/account");
      assert.ok(jar.has(".session_token"));
      assert.equal(provider.tokenRequests, [{ ok: true }], "AUTH_GITHUB_CLIENT_SECRET and the PKCE verifier accepted at the token endpoint");
      assert.equal(outbound, ["POST github.com/login/oauth/access_token", "GET api.github.com/user", "GET api.github.com/user/emails"]);

      const me = await fetch(`${app}/api/me`, { headers: jar.header() });
      assert.equal(await me.json(), { email: GITHUB_USER.email, name: GITHUB_USER.name }, "the primary address of /user/emails, the profile's name");
      assert.equal(await linkedAccounts(app, jar), [["github", GITHUB_USER.id]], "the account's subject is GitHub's numeric id");
    });
  });
});

test.run();
