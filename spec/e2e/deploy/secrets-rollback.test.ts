/**
 * `sdk secret list`, `sdk secret delete` and `sdk rollback` as users run them, against the
 * platform API stand-in: list shows names and never values, and marks a secret that shadows a
 * configured var; delete removes it from the running worker at once, and the var takes its place
 * at the next deploy (the contract's remedy); rollback moves traffic back to the version before
 * and caps its `limits.cpu_ms` at the plan's ceiling when the plan went down since.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ALL_PERMISSIONS, startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";
import { currentDeployment, findVersion } from "../../helpers/platform-api/state.ts";
import { copyFixture, expectSuccess, runSdkAsync, type CliResult } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const API_KEY = "sk-live-91c4e0a7d2b85f36";
const GREETING_SECRET = "hello-from-the-secret-4d1f";
const root = copyFixture("fixtures", "deploy-app");
const configHome = scratchDir("secrets-rollback-config-home");
const WORKERS_ONLY_TOKEN = "stand-in-token-workers-only";
let platform: PlatformApiStandIn;

function sdk(args: string[], input?: string): Promise<CliResult> {
  const env = { SDK_CONFIG_HOME: configHome, SDK_API_BASE_URL: platform.baseUrl, SDK_WORKERS_DEV_ORIGIN: platform.workersDevOrigin, SDK_DEPLOY_READINESS_ATTEMPTS: "2" };
  return runSdkAsync([...args, "--root", root], { env, input });
}

const ok = expectSuccess;
const write = (file: string, content: string) => writeFileSync(path.join(root, file), content);
const config = (body: string) => write("sdk.config.ts", `import { defineConfig } from "sdk/config";\n\nexport default defineConfig(${body});\n`);
const production = async (pathname: string) => (await platform.workersDevFetch("deploy-app.acme.workers.dev", pathname)).text();
const script = () => platform.state.scripts.get("deploy-app")!;
const served = () => findVersion(script(), currentDeployment(script())!.versions[0]!.version_id)!;

function refused(run: CliResult, code: string): void {
  assert.is(run.code, 1, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stderr, code);
  assert.not.match(run.stderr, /\n\s+at /, "no stack trace");
}

test.before(async () => {
  // The first token may read the plan (Billing:Read), which rollback's cap needs; the second may not.
  platform = await startPlatformApi({ plan: "paid", tokens: [{ value: "stand-in-token-billing", permissions: ALL_PERMISSIONS }, WORKERS_ONLY_TOKEN] });
  write("routes/api/greeting.ts", 'import { defineHandler } from "sdk";\n\nexport const GET = defineHandler((c) => ({ greeting: (c.env as Record<string, unknown>).GREETING ?? null }));\n');
  config('{ worker: { vars: { GREETING: "from the config" }, limits: { cpu_ms: 30000 } } }');
  ok(await sdk(["account", "login"], `${platform.token}\n`), "sdk account login");
  ok(await sdk(["project", "link"]), "sdk project link");
});

test.after(async () => {
  await platform.close();
});

test("secret list before the worker exists says so", async () => {
  const run = ok(await sdk(["secret", "list"]), "sdk secret list");
  assert.match(run.stdout, /worker deploy-app does not exist yet: no secrets/);
});

test("secret list shows names, never values, and marks the secret that shadows worker.vars", async () => {
  ok(await sdk(["secret", "put", "API_KEY"], API_KEY), "sdk secret put API_KEY");
  ok(await sdk(["secret", "put", "GREETING"], GREETING_SECRET), "sdk secret put GREETING");
  ok(await sdk(["deploy"]), "sdk deploy");
  assert.equal(JSON.parse(await production("/api/greeting")), { greeting: GREETING_SECRET }, "the secret wins over the var");

  const run = ok(await sdk(["secret", "list"]), "sdk secret list");
  assert.match(run.stdout, /API_KEY secret_text\n/);
  assert.match(run.stdout, /GREETING secret_text\s+takes precedence over worker\.vars\.GREETING: to use the var, sdk secret delete GREETING, then sdk deploy/);
  const json = JSON.parse(ok(await sdk(["secret", "list", "--json"]), "sdk secret list --json").stdout);
  assert.equal(json.secrets, [{ name: "API_KEY", type: "secret_text" }, { name: "GREETING", type: "secret_text", shadows: "worker.vars.GREETING" }]);
  for (const output of [run.stdout + run.stderr, JSON.stringify(json)]) {
    assert.not.ok(output.includes(API_KEY) || output.includes(GREETING_SECRET), "no value is printed");
  }
});

test("secret delete of a name the worker lacks is refused with the name meant, and deletes nothing", async () => {
  const before = platform.requests.length;
  const run = await sdk(["secret", "delete", "GREETNG"]);
  refused(run, "SDK_SECRET_NOT_FOUND");
  assert.match(run.stderr, /its secrets are API_KEY, GREETING/);
  assert.match(run.stderr, /Did you mean GREETING\?/);
  assert.not.ok(platform.requests.slice(before).some((request) => request.method === "DELETE"));
});

test("secret delete takes the secret off the running worker at once; the var is back at the next deploy", async () => {
  const run = ok(await sdk(["secret", "delete", "GREETING"]), "sdk secret delete GREETING");
  assert.match(run.stdout, /Secret GREETING deleted from worker deploy-app/);
  assert.match(run.stdout, /worker\.vars\.GREETING in sdk\.config\.ts takes its place at the next sdk deploy/);
  assert.ok(platform.requests.some((request) => request.method === "DELETE" && request.path === `/accounts/${platform.accountId}/workers/scripts/deploy-app/secrets/GREETING`));
  assert.equal(JSON.parse(await production("/api/greeting")), { greeting: null });
  assert.equal(JSON.parse(await production("/api/key")), { keyLength: API_KEY.length }, "the other secret stays");

  ok(await sdk(["deploy"]), "sdk deploy after the delete");
  assert.equal(JSON.parse(await production("/api/greeting")), { greeting: "from the config" });
  assert.ok(!(await sdk(["secret", "list"])).stdout.includes("GREETING"));
});

test("rollback goes back to the version before, capping its cpu_ms at the plan's ceiling", async () => {
  const releaseOne = served().id;
  assert.is(served().metadata.limits?.cpu_ms, 30000);
  platform.setPlan("free");
  config('{ worker: { vars: { GREETING: "from the config" }, limits: { cpu_ms: 10 } } }');
  write("src/release.ts", 'export const RELEASE = "release 2";\n');
  ok(await sdk(["deploy"]), "sdk deploy of release 2");
  assert.is(await production("/"), "release 2");
  const releaseTwo = served().id;

  const run = ok(await sdk(["rollback"]), "sdk rollback");
  assert.is(await production("/"), "release 1");
  assert.is(served().metadata.limits?.cpu_ms, 10, "capped at the free plan's ceiling");
  assert.match(run.stdout, /limits\.cpu_ms capped at 10: version .* was uploaded with 30000/);
  assert.match(run.stdout, new RegExp(`runs version ${releaseOne} again \\(was ${releaseTwo}\\)`));
  assert.ok(platform.requests.some((request) => request.method === "PATCH" && request.path.endsWith("/workers/scripts/deploy-app/settings")));

  const back = JSON.parse(ok(await sdk(["rollback", releaseTwo, "--json"]), "sdk rollback <version>").stdout);
  assert.equal(back.toVersionId, releaseTwo);
  assert.is(back.cpuCapped, undefined, "release 2's limit is within the plan");
  assert.is(await production("/"), "release 2");

  // A platform that refuses the cap: the traffic has moved, and the error says so.
  platform.failNext("PATCH", "/accounts/:a/workers/scripts/:name/settings", { status: 400, code: 10215, message: "the latest version of your Worker isn't currently deployed" });
  const refusedCap = await sdk(["rollback", releaseOne]);
  refused(refusedCap, "SDK_ROLLBACK_CPU_NOT_CAPPED");
  assert.match(refusedCap.stderr, new RegExp(`runs version ${releaseOne} again, but its limits\\.cpu_ms \\(30000\\) could not be capped at the plan's ceiling of 10`));
  assert.is(await production("/"), "release 1");
});

test("a token that cannot read the plan rolls back all the same, leaving cpu_ms as uploaded and saying why", async () => {
  ok(await sdk(["account", "login"], `${WORKERS_ONLY_TOKEN}\n`), "sdk account login (workers only)");
  const started = platform.requests.length;
  try {
    const run = ok(await sdk(["rollback"]), "sdk rollback without Billing:Read");
    const limit = served().metadata.limits?.cpu_ms;
    assert.match(run.stdout, `limits.cpu_ms ${limit} left as uploaded: the token cannot read the account's plan (Billing:Read)`);
    assert.not.ok(platform.requests.slice(started).some((request) => request.method === "PATCH"), "no settings patch");
    ok(await sdk(["rollback"]), "sdk rollback back again");
  } finally {
    ok(await sdk(["account", "login"], `${platform.token}\n`), "sdk account login (with Billing:Read)");
  }
});

test("rollback to a version the worker does not have, or to the current one, is refused", async () => {
  const run = await sdk(["rollback", "00000000-0000-4000-8000-000000000000"]);
  refused(run, "SDK_ROLLBACK_VERSION_NOT_FOUND");
  assert.match(run.stderr, /the recent versions are/);
  refused(await sdk(["rollback", served().id]), "SDK_ROLLBACK_SAME_VERSION");
});

test("mail set up for email.from records the SEND_EMAIL binding in sdk.lock.json, and the upload carries it", async () => {
  platform.addZone({ name: "shop.test" });
  config('{ email: { from: "Shop <hello@shop.test>" }, worker: { vars: { GREETING: "from the config" }, limits: { cpu_ms: 10 } } }');
  ok(await sdk(["deploy", "--require-email"]), "sdk deploy --require-email");
  const lock = JSON.parse(readFileSync(path.join(root, "sdk.lock.json"), "utf8"));
  assert.equal(lock.resolved.send_email, [{ name: "SEND_EMAIL" }]);
  assert.ok(served().bindings.some((binding) => binding.type === "send_email" && binding.name === "SEND_EMAIL"));
});

test("mistyped, the new commands get their did-you-mean", async () => {
  const action = await sdk(["secret", "delte", "GREETING"]);
  refused(action, "SDK_UNKNOWN_COMMAND");
  assert.match(action.stderr, "Did you mean `sdk secret delete`?");
  const command = await sdk(["rolback"]);
  assert.is(command.code, 1);
  assert.match(command.stderr, "Unknown command `rolback`. Did you mean `sdk rollback`?");
  assert.is(readFileSync(path.join(root, "src/release.ts"), "utf8"), 'export const RELEASE = "release 2";\n');
});

test.run();
