/**
 * Email/password auth as users run it on the edge: `sdk db generate` adds better-auth's tables to
 * the app's migrations, `sdk db migrate` applies them (D1's local state; PostgreSQL and MariaDB at
 * DATABASE_URL), and the built worker, in workerd through `sdk preview` (the servers through the
 * local Hyperdrive stand-in), signs up, signs in, guards routes and signs out over real HTTP.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startBuilt, withServer } from "../../helpers/e2e/targets.ts";
import { withDatabase, type ServerDialect } from "../../helpers/databases.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";

const ACCOUNT = { email: "ada@example.com", password: "correct horse battery", name: "Ada" };

/** The session cookie of a response's Set-Cookie headers, as `name=value` to send back, and its attributes. */
function sessionCookie(response: Response): { pair: string; attributes: string[] } {
  const header = response.headers.getSetCookie().find((cookie) => cookie.includes(".session_token="));
  assert.ok(header, `a session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  const [pair, ...attributes] = header.split(";").map((part) => part.trim());
  return { pair: pair!, attributes: attributes.map((a) => a.toLowerCase()) };
}

/** The fixture generated, migrated and built; returns the migration's SQL. */
function generateMigrateBuild(root: string, env: Record<string, string>): string {
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  const [migration] = readdirSync(path.join(root, "db", "migrations")).filter((name) => name.endsWith(".sql"));
  expectSuccess(runSdk(["db", "migrate", "--root", root], { env }), "sdk db migrate");
  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"], { env }), "sdk build");
  return readFileSync(path.join(root, "db", "migrations", migration!), "utf8");
}

/** Signed out, signed up, signed in, the guarded routes, signed out again; returns the session cookie used. */
async function signInFlow(url: string, root: string): Promise<string> {
  const post = (endpoint: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/auth/${endpoint}`, { method: "POST", headers: { "content-type": "application/json", origin: url, ...headers }, body: JSON.stringify(body) });

  const signedOut = await fetch(`${url}/api/me`);
  assert.equal(await signedOut.json(), { email: null, session: false });
  assert.is(signedOut.headers.get("x-signed-in"), "no", "the app's middleware sees the user the session middleware set");
  const refused = await fetch(`${url}/api/private`);
  assert.is(refused.status, 401);
  assert.equal(await refused.json(), { error: "Unauthorized" });
  const redirected = await fetch(`${url}/api/private?tab=1`, { headers: { accept: "text/html" }, redirect: "manual" });
  assert.is(redirected.status, 302);
  assert.is(redirected.headers.get("location"), "/login?next=%2Fapi%2Fprivate%3Ftab%3D1", "auth.ts's signInPath");

  assert.is((await post("sign-up/email", { ...ACCOUNT, password: "too short" })).status, 400, "auth.ts's minPasswordLength reached better-auth");
  const signedUp = await post("sign-up/email", ACCOUNT);
  assert.is(signedUp.status, 200, await signedUp.clone().text());
  const { attributes } = sessionCookie(signedUp);
  assert.ok(attributes.includes("httponly"), attributes.join("; "));
  assert.ok(attributes.includes("samesite=lax"), attributes.join("; "));
  assert.ok(attributes.includes("path=/"), attributes.join("; "));
  assert.not.ok(attributes.includes("secure"), "plain http on 127.0.0.1 gets no Secure cookie");
  assert.ok(existsSync(path.join(root, ".sdk", "state", "auth-secret")), "sdk preview made this machine's AUTH_SECRET");

  assert.is((await post("sign-in/email", { email: ACCOUNT.email, password: "wrong password!" })).status, 401);
  assert.is((await post("sign-in/email", { email: ACCOUNT.email, password: ACCOUNT.password }, { origin: "https://evil.example" })).status, 403, "a foreign Origin is refused");
  const signedIn = await post("sign-in/email", { email: ACCOUNT.email, password: ACCOUNT.password });
  assert.is(signedIn.status, 200);
  const cookie = sessionCookie(signedIn).pair;

  const me = await fetch(`${url}/api/me`, { headers: { cookie } });
  assert.equal(await me.json(), { email: ACCOUNT.email, session: true });
  assert.is(me.headers.get("x-signed-in"), "yes");
  assert.equal(await (await fetch(`${url}/api/private`, { headers: { cookie } })).json(), { secret: `for ${ACCOUNT.email}` });
  assert.equal(await (await fetch(`${url}/api/session`, { headers: { cookie } })).json(), { name: "Ada" }, "sdk/auth's `auth` is the request's better-auth");
  return cookie;
}

async function signOut(url: string, cookie: string): Promise<void> {
  const signedOut = await fetch(`${url}/api/auth/sign-out`, { method: "POST", headers: { "content-type": "application/json", origin: url, cookie }, body: "{}" });
  assert.is(signedOut.status, 200);
  assert.match(signedOut.headers.getSetCookie().join("\n"), /session_token=;.*Max-Age=0/i);
  assert.equal(await (await fetch(`${url}/api/me`, { headers: { cookie } })).json(), { email: null, session: false }, "the session is gone from the database");
}

test("D1: the auth tables generated and migrated, then sign up, sign in, guarded routes and sign out in workerd", async () => {
  const root = copyFixture("fixtures", "auth-d1");
  const sql = generateMigrateBuild(root, {});
  for (const table of ["user", "session", "account", "verification"]) assert.match(sql, `CREATE TABLE \`${table}\``);
  const wrangler = JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
  assert.equal(wrangler.d1_databases.map((d: { binding: string }) => d.binding), ["DB"], "auth gives the worker its database");
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    await signOut(server.url, await signInFlow(server.url, root));
  });
});

for (const dialect of ["pg", "mysql"] satisfies ServerDialect[]) {
  test(`${dialect}: the auth tables beside the app's, through the local Hyperdrive; sdk/db and auth share the request's client and its tables`, async () => {
    await withDatabase(dialect, async (database) => {
      const root = copyFixture("fixtures", `auth-${dialect}`);
      const env = { DATABASE_URL: database.url };
      const sql = generateMigrateBuild(root, env);
      assert.match(sql, "notes");
      if (dialect === "mysql") assert.match(sql, "`user_id` varchar(36) NOT NULL");
      await withServer(() => startBuilt(root, "edge", env), async (server) => {
        const cookie = await signInFlow(server.url, root);
        const note = await fetch(`${server.url}/api/notes`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ body: "hello" }) });
        assert.is(note.status, 201);
        assert.equal(await (await fetch(`${server.url}/api/notes`, { headers: { cookie } })).json(), [{ body: "hello" }]);
        assert.equal(await (await fetch(`${server.url}/api/users`)).json(), [{ email: ACCOUNT.email, provider: "credential" }], "authTables of sdk/auth in the app's own query");
        await signOut(server.url, cookie);
      });
      const quote = dialect === "pg" ? '"' : "`";
      assert.equal(await database.query(`SELECT email, name FROM ${quote}user${quote}`), [{ email: ACCOUNT.email, name: ACCOUNT.name }]);
      assert.equal((await database.query(`SELECT provider_id FROM account`)).map((row) => row.provider_id), ["credential"]);
    });
  });
}

test.run();
