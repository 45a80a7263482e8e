/**
 * Auth's defaults against a hostile client, in the built worker as it runs on the edge (workerd,
 * through `sdk preview`, where Miniflare sets `CF-Connecting-IP` from the socket as the platform
 * does): wrong passwords in a row are rate-limited per client address, which a forged
 * `X-Forwarded-For` does not change; a reset mail's link never takes its origin from a forged
 * `Host`; a password reset signs out the sessions signed in before it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startBuilt, withServer } from "../../helpers/e2e/targets.ts";
import type { RunningServer } from "../../helpers/spawn-server.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import { waitFor } from "../../helpers/wait-for.ts";
import { MAIL_CONFIG, RESET_MAIL_AUTH_TS } from "../../helpers/reset-mail-app.ts";


const PASSWORD = "a long enough password";
const FORGED_HOST = { host: "evil.example", origin: "http://evil.example" };
const CONFIGURED = "https://app.example.com";

let root = "";

test.before(() => {
  root = copyFixture("fixtures", "auth-d1");
  writeFileSync(path.join(root, "auth.ts"), RESET_MAIL_AUTH_TS);
  writeFileSync(path.join(root, "sdk.config.ts"), MAIL_CONFIG);
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  expectSuccess(runSdk(["db", "migrate", "--root", root]), "sdk db migrate");
  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build");
});

function poster(origin: string) {
  return (url: string, endpoint: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/auth/${endpoint}`, { method: "POST", headers: { "content-type": "application/json", origin, ...headers }, body: JSON.stringify(body) });
}

async function signUp(url: string, email: string, origin = url): Promise<void> {
  const signedUp = await poster(origin)(url, "sign-up/email", { name: "Lin", email, password: PASSWORD });
  assert.is(signedUp.status, 200, await signedUp.clone().text());
}

/** A POST with the Host header given, which fetch would replace with the URL's. */
function postWithHost(url: string, endpoint: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${url}/api/auth/${endpoint}`, { method: "POST", agent: false, headers: { "content-type": "application/json", ...headers } }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: response.statusCode!, json: JSON.parse(text) }));
    });
    sent.on("error", reject).end(JSON.stringify(body));
  });
}

/** The reset links the preview's mail stand-in printed. */
function mailedLinks(server: RunningServer): string[] {
  return [...server.output().matchAll(/Choose a new password: (\S+)/g)].map((match) => match[1]!);
}

test("edge: wrong passwords in a row are 429 after the sign-in limit, per client address; a forged X-Forwarded-For does not reset it", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const post = poster(server.url);
    const email = "limit@example.com";
    await signUp(server.url, email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await post(server.url, "sign-in/email", { email, password: "wrong password!" })).status);
    assert.equal(statuses, [401, 401, 401, 429, 429, 429, 429, 429, 429, 429], "better-auth's sign-in rule: 3 in 10 s");

    const limited = await post(server.url, "sign-in/email", { email, password: PASSWORD });
    assert.is(limited.status, 429, "the right password waits too");
    assert.ok(Number(limited.headers.get("x-retry-after")) > 0, "it says how long");
    for (const forged of ["198.51.100.7", "198.51.100.7, 10.0.0.1"]) {
      assert.is((await post(server.url, "sign-in/email", { email, password: "wrong password!" }, { "x-forwarded-for": forged })).status, 429, `X-Forwarded-For: ${forged}`);
    }
    // Another client, as the platform names it: its own count.
    assert.is((await post(server.url, "sign-in/email", { email, password: "wrong password!" }, { "cf-connecting-ip": "203.0.113.9" })).status, 401);
  });
});

test("a production build without AUTH_URL refuses a reset asked with Host: evil.example, says why in the log, and mails nothing", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const email = "forged@example.com";
    await signUp(server.url, email);
    const refused = await postWithHost(server.url, "request-password-reset", { email, redirectTo: "/reset" }, FORGED_HOST);
    assert.equal(refused, { status: 500, json: { code: "AUTH_URL_MISSING", message: "This server cannot send the mail: its public origin is not configured." } });
    const unknown = await postWithHost(server.url, "request-password-reset", { email: "nobody@example.com", redirectTo: "/reset" }, FORGED_HOST);
    assert.equal(unknown, refused, "an unknown address gets the same answer");

    await waitFor("the logged refusal", async () => (server.output().includes("refused to mail a link built from the request's host (evil.example)") ? true : undefined));
    assert.match(server.output(), "sdk secret put AUTH_URL");
    assert.equal(mailedLinks(server), [], "no mail went out");
    assert.not.match(server.output(), "evil.example/api/auth/reset-password");
  });
});

test("a password reset signs out the sessions signed in before it (a production build on this machine mails the link)", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const post = poster(server.url);
    const email = "revoke@example.com";
    await signUp(server.url, email);
    const signedIn = await post(server.url, "sign-in/email", { email, password: PASSWORD });
    assert.is(signedIn.status, 200, await signedIn.clone().text());
    const cookie = signedIn.headers.getSetCookie().find((header) => header.includes(".session_token="))!.split(";")[0]!;
    const me = async () => (await (await fetch(`${server.url}/api/me`, { headers: { cookie } })).json()) as { session: boolean };
    assert.is((await me()).session, true);

    const asked = await post(server.url, "request-password-reset", { email, redirectTo: "/reset" });
    assert.is(asked.status, 200, await asked.clone().text());
    const link = await waitFor("the reset mail", async () => mailedLinks(server)[0]);
    assert.ok(link.startsWith(`${server.url}/api/auth/reset-password/`), link);
    const token = /reset-password\/(\w+)/.exec(link)![1];
    const reset = await post(server.url, "reset-password", { token, newPassword: "another long password" });
    assert.is(reset.status, 200, await reset.clone().text());
    assert.is((await me()).session, false, "the old session cookie no longer signs in");
  });
});

test("with AUTH_URL, a reset asked with Host: evil.example mails a link on AUTH_URL's origin", async () => {
  await withServer(() => startBuilt(root, "edge", { AUTH_URL: CONFIGURED }), async (server) => {
    const email = "configured@example.com";
    await signUp(server.url, email, CONFIGURED);
    const asked = await postWithHost(server.url, "request-password-reset", { email, redirectTo: "/reset" }, { host: "evil.example", origin: CONFIGURED });
    assert.is(asked.status, 200, JSON.stringify(asked.json));
    const link = await waitFor("the reset mail", async () => mailedLinks(server)[0]);
    assert.ok(link.startsWith(`${CONFIGURED}/api/auth/reset-password/`), link);
  });
});

test("rateLimit storage database in auth.ts: the rate_limit table migrated, and the count outlives the isolate (a restarted worker); customRules set the numbers", async () => {
  const app = copyFixture("fixtures", "auth-d1");
  writeFileSync(path.join(app, "auth.ts"), `import { defineAuth } from "sdk/auth";\n\nexport default defineAuth({ rateLimit: { storage: "database", customRules: { "/sign-in/email": { window: 120, max: 3 } } } });\n`);
  expectSuccess(runSdk(["db", "generate", "--root", app]), "sdk db generate");
  const migrations = path.join(app, "db", "migrations");
  const sql = readdirSync(migrations).filter((name) => name.endsWith(".sql")).map((name) => readFileSync(path.join(migrations, name), "utf8")).join("\n");
  assert.match(sql, "CREATE TABLE `rate_limit`");
  expectSuccess(runSdk(["db", "migrate", "--root", app]), "sdk db migrate");
  expectSuccess(runSdk(["build", "--root", app, "--target", "edge"]), "sdk build");
  const email = "stored@example.com";
  const wrong = (url: string) => poster(url)(url, "sign-in/email", { email, password: "wrong password!" });
  await withServer(() => startBuilt(app, "edge"), async (server) => {
    await signUp(server.url, email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await wrong(server.url)).status);
    assert.equal(statuses, [401, 401, 401, 429]);
  });
  await withServer(() => startBuilt(app, "edge"), async (server) => {
    assert.is((await wrong(server.url)).status, 429, "a new isolate reads the same count");
  });
});

test.run();
