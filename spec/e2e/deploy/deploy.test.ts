/**
 * `sdk deploy` as users run it, against the platform API stand-in (spec/helpers/platform-api),
 * which really runs the uploaded versions and backs D1 with SQLite: a dry run sends nothing; a
 * deploy is refused before any write when a required secret is missing, the CPU limit is over
 * the plan (read with a token that may; without Billing:Read the platform refuses the upload) or
 * a migration was edited; the first deploy provisions and records ids; a second
 * applies only the new migration; a staged version that does not answer gets no traffic;
 * `--atomic`; a durable-state migration forces atomic; `--require-email`. The secret's value is
 * never in the CLI's output, its argv or any request but the one that sets it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ALL_PERMISSIONS, startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";
import { copyFixture, expectSuccess, runSdkAsync, type CliResult } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const SECRET = "sk-live-7f3a9c1e5b2d4f60a8e7";
/** A token that may also read the account's subscriptions (Billing:Read); the login's may not. */
const BILLING_TOKEN = "stand-in-token-with-billing-read";
const root = copyFixture("fixtures", "deploy-app");
const configHome = scratchDir("deploy-config-home");
let platform: PlatformApiStandIn;

type Run = CliResult & {
  /** The command line the CLI was started with, to show no secret is on it. */
  argv: string[];
};

/** Asynchronous: the stand-in answers from this process. */
async function sdk(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const argv = [...args, "--root", root];
  const env = { SDK_CONFIG_HOME: configHome, SDK_API_BASE_URL: platform.baseUrl, SDK_WORKERS_DEV_ORIGIN: platform.workersDevOrigin, SDK_DEPLOY_READINESS_ATTEMPTS: "2", ...options.env };
  return { ...(await runSdkAsync(argv, { env, input: options.input })), argv };
}

const ok = expectSuccess;

function refused(run: Run, code: string): void {
  assert.is(run.code, 1, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stderr, code);
  assert.not.match(run.stderr, /\n\s+at /, "no stack trace");
}

const writes = (from: number) => platform.requests.slice(from).filter((request) => request.method !== "GET" && !request.path.endsWith("/query"));
const production = async (pathname = "/") => {
  const response = await platform.workersDevFetch("deploy-app.acme.workers.dev", pathname);
  return { status: response.status, text: await response.text() };
};
const edit = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
const lock = () => JSON.parse(readFileSync(path.join(root, "sdk.lock.json"), "utf8"));

test.before(async () => {
  platform = await startPlatformApi({ tokens: ["stand-in-token-workers-only", { value: BILLING_TOKEN, permissions: ALL_PERMISSIONS }] });
});

test.after(async () => {
  await platform.close();
});


test("--dry-run sends nothing and writes the requests and the upload it would send", async () => {
  const run = ok(await sdk(["deploy", "--dry-run"]), "sdk deploy --dry-run");
  assert.is(platform.requests.length, 0);
  assert.not.ok(existsSync(path.join(root, "sdk.lock.json")), "a dry run records nothing");
  const requests = JSON.parse(readFileSync(path.join(root, ".sdk/deploy/requests.json"), "utf8")) as { method: string; path: string; parts?: { name: string }[] }[];
  const upload = requests.find((request) => request.path.endsWith("/workers/scripts/deploy-app/versions"))!;
  assert.equal(upload.parts!.map((part) => part.name), ["metadata", "index.mjs"]);
  assert.ok(requests.some((request) => request.method === "POST" && request.path.endsWith("/d1/database")));
  const metadata = JSON.parse(readFileSync(path.join(root, ".sdk/deploy/upload/metadata.json"), "utf8"));
  assert.equal(metadata.bindings.find((binding: { type: string }) => binding.type === "d1").name, "DB");
  assert.ok(existsSync(path.join(root, ".sdk/deploy/upload/modules/index.mjs")));
  assert.match(run.stdout, /would apply migration 20260101000000_init\.sql/);
});

test("without a login, deploy says what is missing", async () => {
  refused(await sdk(["deploy"]), "SDK_NOT_LOGGED_IN");
});

test("a required env.ts key without a secret stops the deploy before anything is written", async () => {
  ok(await sdk(["account", "login"], { input: `${platform.token}\n` }), "sdk account login");
  const before = platform.requests.length;
  const run = await sdk(["deploy"]);
  refused(run, "SDK_DEPLOY_ENV_MISSING");
  assert.match(run.stderr, /env\.ts.*requires API_KEY/);
  assert.match(run.stderr, /sdk secret put API_KEY/);
  assert.equal(writes(before), []);
});

test("the first deploy provisions D1, KV and R2, records their ids, applies the migration and goes live", async () => {
  const put = ok(await sdk(["secret", "put", "API_KEY"], { input: SECRET }), "sdk secret put");
  const run = ok(await sdk(["deploy"]), "sdk deploy");
  const resolved = lock().resolved;
  const database = [...platform.state.d1.values()].find((db) => db.name === "deploy-app")!;
  assert.ok(database, "the D1 database exists on the platform");
  assert.equal(resolved.d1_databases, [{ binding: "DB", database_name: "deploy-app", database_id: database.uuid, preview_database_id: "local-DB" }]);
  assert.is(resolved.kv_namespaces[0].preview_id, "local-KV");
  assert.equal(lock().migrations.DB.map((entry: { name: string }) => entry.name), ["20260101000000_init.sql"]);
  assert.match(run.stdout, /created D1 database deploy-app/);
  assert.match(run.stdout, /applied migration 20260101000000_init\.sql/);
  assert.match(run.stdout, /is live .* at https:\/\/deploy-app\.acme\.workers\.dev/);

  assert.equal(await production(), { status: 200, text: "release 1" });
  const created = await platform.workersDevFetch("deploy-app.acme.workers.dev", "/api/notes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ body: "from production" }) });
  assert.is(created.status, 200, `${await created.clone().text()}\n${platform.logs.join("\n")}`);
  assert.equal(JSON.parse((await production("/api/notes")).text), [{ id: 1, body: "from production" }]);
  assert.equal(JSON.parse((await production("/api/key")).text), { keyLength: SECRET.length });
  assert.is((await production("/robots.txt")).text.trim(), "User-agent: *");

  // The secret's value: only in the request that sets it (sent twice: the first found no worker, so sdk made a draft one).
  const carrying = platform.requests.filter((request) => request.bodyText.includes(SECRET) || JSON.stringify(request.headers).includes(SECRET) || request.path.includes(SECRET));
  assert.ok(carrying.length > 0);
  assert.equal([...new Set(carrying.map((request) => `${request.method} ${request.path}`))], [`PUT /accounts/${platform.accountId}/workers/scripts/deploy-app/secrets`]);
  assert.match(put.stdout, /Secret API_KEY set on worker deploy-app/);
  for (const output of [put, run]) {
    assert.not.ok(`${output.stdout}${output.stderr}`.includes(SECRET));
    assert.not.ok(output.argv.join(" ").includes(SECRET));
  }
});

test("a second deploy applies only the new migration", async () => {
  edit("db/migrations/20260201000000_tags.sql", "ALTER TABLE `notes` ADD `tag` text;\n");
  const run = ok(await sdk(["deploy"]), "second sdk deploy");
  assert.match(run.stdout, /applied migration 20260201000000_tags\.sql/);
  assert.not.match(run.stdout, /20260101000000_init\.sql/);
  assert.equal(lock().migrations.DB.map((entry: { name: string }) => entry.name), ["20260101000000_init.sql", "20260201000000_tags.sql"]);
  assert.equal(JSON.parse((await production("/api/notes")).text), [{ id: 1, body: "from production" }]);
});

test("an applied migration edited since refuses the deploy before any upload", async () => {
  const file = "db/migrations/20260101000000_init.sql";
  const original = readFileSync(path.join(root, file), "utf8");
  edit(file, original.replace("NOT NULL\n", "NOT NULL DEFAULT ''\n"));
  const before = platform.requests.length;
  const run = await sdk(["deploy"]);
  edit(file, original);
  refused(run, "SDK_MIGRATION_CHANGED");
  assert.equal(platform.requests.slice(before), []);
});

test("staged: a version whose / fails gets no traffic, and production keeps the old one", async () => {
  const home = readFileSync(path.join(root, "routes/index.ts"), "utf8");
  edit("routes/index.ts", 'import { defineHandler } from "sdk";\n\nexport const GET = defineHandler(() => {\n  throw new Error("broken release");\n});\n');
  const before = platform.requests.length;
  const run = await sdk(["deploy"]);
  edit("routes/index.ts", home);
  refused(run, "SDK_DEPLOY_NOT_READY");
  assert.match(run.stderr, /traffic stays on the previous version/);
  assert.ok(writes(before).some((request) => request.path.endsWith("/versions")), "the version was uploaded");
  assert.not.ok(writes(before).some((request) => request.method === "POST" && request.path.endsWith("/deployments")), "no deployment moved traffic");
  assert.equal(await production(), { status: 200, text: "release 1" });
});

test("--atomic uploads and deploys in one step", async () => {
  edit("src/release.ts", 'export const RELEASE = "release 2";\n');
  const before = platform.requests.length;
  ok(await sdk(["deploy", "--atomic"]), "sdk deploy --atomic");
  assert.ok(writes(before).some((request) => request.method === "PUT" && request.path.endsWith("/workers/scripts/deploy-app")));
  assert.not.ok(writes(before).some((request) => request.path.endsWith("/versions")));
  assert.equal(await production(), { status: 200, text: "release 2" });
});

test("a durable-state migration makes a staged deploy atomic, and says why", async () => {
  edit("durable-objects/counter.ts", 'import { defineDurableState } from "sdk";\n\nexport default defineDurableState({\n  initial: () => 0,\n  methods: {\n    increment(ctx) {\n      ctx.state += 1;\n      return ctx.state;\n    },\n  },\n});\n');
  const before = platform.requests.length;
  const run = ok(await sdk(["deploy"]), "sdk deploy with a durable-state class");
  assert.match(run.stdout, /deploying atomically: this deploy carries a durable-state migration/);
  const upload = writes(before).find((request) => request.method === "PUT" && request.path.endsWith("/workers/scripts/deploy-app"));
  assert.ok(upload, "a direct upload");
  assert.match(upload!.bodyText, /"new_tag":"v1"/);
});

test("worker.limits.cpu_ms above the free plan's ceiling: with Billing:Read it fails before upload, naming the ceiling; without, the platform refuses the upload", async () => {
  const config = readFileSync(path.join(root, "sdk.config.ts"), "utf8");
  edit("sdk.config.ts", config.replace("defineConfig({})", "defineConfig({ worker: { limits: { cpu_ms: 50 } } })"));
  const before = platform.requests.length;
  const run = await sdk(["deploy"], { env: { SDK_API_TOKEN: BILLING_TOKEN } });
  refused(run, "SDK_DEPLOY_CPU_CEILING");
  assert.match(run.stderr, /ceiling of 10 ms/);
  assert.equal(writes(before), []);

  const workersOnly = await sdk(["deploy"]);
  edit("sdk.config.ts", config);
  refused(workersOnly, "SDK_PLATFORM_API_FAILED");
  assert.match(workersOnly.stdout, /may not read the account's plan \(Billing:Read\), so the platform checks the limit at upload/);
  assert.match(workersOnly.stderr, /ceiling of 10 ms/);
  assert.equal(await production(), { status: 200, text: "release 2" });
});

test("--require-email refuses without email.from, and with a zone whose mail goes elsewhere; passes once mail is verified", async () => {
  refused(await sdk(["deploy", "--require-email"]), "SDK_DEPLOY_EMAIL_UNVERIFIED");
  platform.addZone({ name: "elsewhere.test", mx: [{ content: "mx1.other-mail.test", priority: 10 }] });
  platform.addZone({ name: "shop.test" });
  const config = readFileSync(path.join(root, "sdk.config.ts"), "utf8");
  edit("sdk.config.ts", config.replace("defineConfig({})", 'defineConfig({ email: { from: "Shop <hello@elsewhere.test>" } })'));
  const elsewhere = await sdk(["deploy", "--require-email"]);
  refused(elsewhere, "SDK_DEPLOY_EMAIL_UNVERIFIED");
  assert.match(elsewhere.stderr, /mx1\.other-mail\.test/);
  edit("sdk.config.ts", config.replace("defineConfig({})", 'defineConfig({ email: { from: "Shop <hello@shop.test>" } })'));
  const verified = ok(await sdk(["deploy", "--require-email"]), "sdk deploy --require-email");
  assert.match(verified.stdout, /mail: shop\.test is ready/);
  edit("sdk.config.ts", config);
});

test("every request conformed to Cloudflare's published API", () => {
  assert.equal(platform.violations, []);
});

test.run();
