/**
 * `sdk account login`, `sdk project link`, `sdk secret put` and `sdk db migrate|status --remote`
 * as users run them, against the platform API stand-in (spec/helpers/platform-api): the token
 * comes from stdin, never argv, is stored 0600 outside the project and never printed; the link
 * names the generated worker; a secret's value is in no output and in no request but the one
 * that sets it; the deployed D1 database gets the migrations and sdk.lock.json their history.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PlatformApi } from "../../cli/platform/api.ts";
import { createD1Database, queryD1 } from "../../cli/platform/resources.ts";
import { startPlatformApi, type PlatformApiStandIn } from "../helpers/platform-api/index.ts";
import { scratchDir } from "../helpers/scratch.ts";
import { copyFixture, runSdkAsync, type CliResult } from "../helpers/sdk-cli.ts";

const SECRET = "sv-9c1e5b2d4f60a8e7-do-not-print";
const WORKER = "migrate-d1";
const MIGRATIONS = ["20260101000000_users.sql", "20260102000000_posts.sql", "20260103000000_seed.sql"];

const root = copyFixture("fixtures", "migrate-d1");
const configHome = scratchDir("account-config-home");
const credentials = path.join(configHome, "credentials.json");
let platform: PlatformApiStandIn;

/** The CLI with the stand-in's URL and this run's config home; no token from the environment. */
function sdk(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  const env = { SDK_CONFIG_HOME: configHome, SDK_API_BASE_URL: platform.baseUrl, SDK_API_TOKEN: "", CLOUDFLARE_API_TOKEN: "", SDK_ACCOUNT_ID: "", ...options.env };
  return runSdkAsync([...args, "--root", root], { env, input: options.input });
}

function ok(result: CliResult, what: string): CliResult {
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  return result;
}

function refused(result: CliResult, code: string): void {
  assert.is(result.code, 1, `${result.stdout}\n${result.stderr}`);
  assert.match(result.stderr, `error ${code}`);
  assert.not.match(result.stderr, /\n\s+at /, "no stack trace");
}

const output = (result: CliResult) => result.stdout + result.stderr;
const sent = (from: number) => platform.requests.slice(from).map((request) => `${request.method} ${request.path}`);
const d1 = async (sql: string) => (await queryD1(new PlatformApi(platform.token, platform.baseUrl), platform.accountId, databaseId(), { sql }))[0].results;
const databaseId = () => [...platform.state.d1.values()].find((database) => database.name === WORKER)!.uuid;
const lock = () => JSON.parse(readFileSync(path.join(root, "sdk.lock.json"), "utf8"));

test.before(async () => {
  platform = await startPlatformApi();
  writeFileSync(path.join(root, "env.ts"), `import { defineEnv, env } from "sdk";\nexport default defineEnv({ server: { API_KEY: env.string() }, public: { PUBLIC_SITE: env.string().optional() } });\n`);
});

test.after(async () => {
  await platform.close();
});

test("before login, link, secret put and --remote each say to log in, and nothing is sent", async () => {
  const before = platform.requests.length;
  refused(await sdk(["project", "link"]), "SDK_NOT_LOGGED_IN");
  refused(await sdk(["db", "status", "--remote"]), "SDK_NOT_LOGGED_IN");
  refused(await sdk(["secret", "put", "API_KEY"], { input: SECRET }), "SDK_NOT_LOGGED_IN");
  assert.equal(sent(before), []);
});

test("a token on the command line is refused without being printed or stored, saying how to pass it", async () => {
  const before = platform.requests.length;
  for (const args of [["account", "login", platform.token], ["account", "login", "--token", platform.token], ["account", "login", `--token=${platform.token}`]]) {
    const result = await sdk(args);
    refused(result, "SDK_TOKEN_IN_ARGV");
    assert.match(result.stderr, "| sdk account login");
    assert.not.match(output(result), platform.token);
  }
  assert.not.ok(existsSync(credentials));
  assert.equal(sent(before), []);
});

test("a token the platform does not know is refused, and nothing is stored", async () => {
  const result = await sdk(["account", "login"], { input: "not-a-token\n" });
  refused(result, "SDK_TOKEN_REJECTED");
  assert.not.match(output(result), "not-a-token");
  assert.not.ok(existsSync(credentials));
});

test("login from stdin: checked with the platform, stored 0600 outside the project, the token never printed", async () => {
  const before = platform.requests.length;
  const result = ok(await sdk(["account", "login"], { input: `${platform.token}\n` }), "sdk account login");
  assert.match(result.stdout, `logged in to account ${platform.state.account.name} (${platform.accountId})`);
  assert.match(result.stdout, `token stored in ${credentials}`);
  assert.not.match(output(result), platform.token);
  assert.equal(sent(before), ["GET /user/tokens/verify", "GET /accounts"]);
  assert.is(statSync(credentials).mode & 0o777, 0o600);
  assert.ok(path.relative(root, credentials).startsWith(".."), "outside the project");
  assert.equal(JSON.parse(readFileSync(credentials, "utf8")).token, platform.token);

  const json = JSON.parse(ok(await sdk(["account", "login", "--json"], { input: platform.token }), "sdk account login --json").stdout);
  assert.equal([json.ok, json.account.id, json.credentialsFile], [true, platform.accountId, credentials]);
});

test("project link names the generated worker, says the first deploy creates it, and writes .sdk/link.json", async () => {
  refused(await sdk(["project", "link", "--name", "Not_A_Worker"]), "SDK_WORKER_NAME_INVALID");
  const result = ok(await sdk(["project", "link"]), "sdk project link");
  assert.match(result.stdout, `linked to worker ${WORKER} (name from the app's name) on account`);
  assert.match(result.stdout, `${WORKER} does not exist on the account yet: the first sdk deploy creates it`);
  const link = JSON.parse(readFileSync(path.join(root, ".sdk", "link.json"), "utf8"));
  assert.equal([link.accountId, link.workerName], [platform.accountId, WORKER]);
  assert.not.ok(platform.state.scripts.has(WORKER), "linking creates nothing");
});

test("secret put: a value on the command line is refused unprinted; from stdin it is set on a draft worker, never printed", async () => {
  const before = platform.requests.length;
  const argv = await sdk(["secret", "put", "API_KEY", SECRET]);
  refused(argv, "SDK_SECRET_IN_ARGV");
  assert.not.match(output(argv), SECRET);
  const assignment = await sdk(["secret", "put", `API_KEY=${SECRET}`]);
  refused(assignment, "SDK_SECRET_NAME_INVALID");
  assert.not.match(output(assignment), SECRET);
  assert.equal(sent(before), []);

  const result = ok(await sdk(["secret", "put", "API_KEY"], { input: `${SECRET}\n` }), "sdk secret put");
  assert.match(result.stdout, `Secret API_KEY set on worker ${WORKER}`);
  assert.match(result.stdout, `worker ${WORKER} did not exist: created it as a draft that answers 503 until the first sdk deploy`);
  assert.not.match(output(result), SECRET);
  const draft = platform.state.scripts.get(WORKER)!;
  assert.equal(draft.versions.at(-1)!.bindings.filter((binding) => binding.type === "secret_text").map((binding) => [binding.name, binding.text]), [["API_KEY", SECRET]]);

  const linked = ok(await sdk(["project", "link", "--json"]), "sdk project link --json");
  assert.is(JSON.parse(linked.stdout).exists, true, "the draft is the linked worker now");
});

test("secret put warns about a PUBLIC_ name (a public value, not a secret) and still sets it; --json carries the warning", async () => {
  const result = ok(await sdk(["secret", "put", "PUBLIC_SITE", "--json"], { input: SECRET }), "sdk secret put PUBLIC_SITE");
  const report = JSON.parse(result.stdout);
  assert.equal([report.name, report.worker, report.createdDraft], ["PUBLIC_SITE", WORKER, false]);
  assert.equal(report.diagnostics.map((d: { code: string }) => d.code), ["SDK_SECRET_PUBLIC_NAME"]);
  assert.not.match(output(result), SECRET);
});

test("a platform refusal while setting a secret is a coded error naming what failed, without the value", async () => {
  platform.failNext("PUT", "/accounts/:a/workers/scripts/:name/secrets", { status: 500, code: 10013, message: "secrets store unavailable" });
  const result = await sdk(["secret", "put", "API_KEY"], { input: SECRET });
  refused(result, "SDK_PLATFORM_API_FAILED");
  assert.match(result.stderr, `while setting secret API_KEY on worker ${WORKER}`);
  assert.match(result.stderr, "secrets store unavailable [code 10013]");
  assert.not.match(output(result), SECRET);
});

test("the secret's value is in no request but the ones that set it", () => {
  const carrying = platform.requests.filter((request) => request.bodyText.includes(SECRET) || JSON.stringify(request.headers).includes(SECRET) || request.path.includes(SECRET));
  assert.ok(carrying.length >= 2);
  for (const request of carrying) assert.is(`${request.method} ${request.path}`, `PUT /accounts/${platform.accountId}/workers/scripts/${WORKER}/secrets`);
});

test("db --remote before the database is provisioned: a coded error saying sdk deploy provisions it", async () => {
  for (const command of ["migrate", "status"]) {
    const result = await sdk(["db", command, "--remote"]);
    refused(result, "SDK_DB_REMOTE_NOT_PROVISIONED");
    assert.match(result.stderr, "sdk deploy creates the database");
  }
  refused(await sdk(["db", "migrate", "--remote", "--dry-run"]), "SDK_DB_DRY_RUN_UNAVAILABLE");
});

test("db migrate --remote applies to the deployed D1 database and records the history; status --remote reads it", async () => {
  // What `sdk deploy` records when it provisions the database.
  const database = await createD1Database(new PlatformApi(platform.token, platform.baseUrl), platform.accountId, WORKER);
  writeFileSync(path.join(root, "sdk.lock.json"), JSON.stringify({ resolved: { d1_databases: [{ binding: "DB", database_name: WORKER, database_id: database.uuid, preview_database_id: "local-DB" }] } }));

  const pending = ok(await sdk(["db", "status", "--remote"]), "sdk db status --remote");
  assert.match(pending.stdout, `in remote D1 database ${WORKER} (${database.uuid}), binding DB of worker ${WORKER}`);
  assert.match(pending.stdout, "3 pending");

  const result = ok(await sdk(["db", "migrate", "--remote"]), "sdk db migrate --remote");
  assert.match(result.stdout, `into remote D1 database ${WORKER}`);
  assert.match(result.stdout, "applied 3 migrations");
  assert.equal((await d1("SELECT name FROM d1_migrations ORDER BY id")).map((row) => row.name), MIGRATIONS);
  assert.equal(await d1("SELECT name FROM users ORDER BY id"), [{ name: "Ada" }, { name: "Grace" }]);
  assert.equal(lock().migrations.DB.map((entry: { name: string }) => entry.name), MIGRATIONS);
  assert.not.ok(existsSync(path.join(root, ".sdk", "state")), "the local database is not touched");

  const applied = JSON.parse(ok(await sdk(["db", "status", "--remote", "--json"]), "sdk db status --remote --json").stdout);
  assert.equal(applied.migrations.map((m: { state: string }) => m.state), ["applied", "applied", "applied"]);
  assert.match(ok(await sdk(["db", "migrate", "--remote"]), "second sdk db migrate --remote").stdout, "nothing to apply: 3 migrations applied");
});

test("a remote migration that fails is rolled back whole and not recorded", async () => {
  writeFileSync(path.join(root, "db", "migrations", "20260104000000_tags.sql"), readFileSync(path.join(root, "extra", "20260104000000_tags.sql")));
  const result = await sdk(["db", "migrate", "--remote"]);
  refused(result, "SDK_MIGRATION_FAILED");
  assert.match(result.stderr, "no such table: missing_table");
  assert.match(result.stderr, "It was rolled back and is not recorded as applied.");
  assert.equal(await d1("SELECT name FROM sqlite_master WHERE name = 'tags'"), [], "the table its first statement made is gone");
  assert.equal((await d1("SELECT name FROM d1_migrations ORDER BY id")).map((row) => row.name), MIGRATIONS);
  assert.equal(lock().migrations.DB.length, 3);
});

test("a platform that cannot be reached is a coded error, not a stack trace", async () => {
  refused(await sdk(["account", "whoami"], { env: { SDK_API_BASE_URL: "http://127.0.0.1:9/client/v4" } }), "SDK_PLATFORM_UNREACHABLE");
});

test("logout removes the stored token; the commands then ask for a login again", async () => {
  assert.match(ok(await sdk(["account", "logout"]), "sdk account logout").stdout, `removed ${credentials}`);
  assert.not.ok(existsSync(credentials));
  refused(await sdk(["secret", "put", "API_KEY"], { input: SECRET }), "SDK_NOT_LOGGED_IN");
});

test.run();
