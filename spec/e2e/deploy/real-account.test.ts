/**
 * `sdk deploy` against accounts and tokens as people have them (the stand-in held to Cloudflare's
 * published API): an account-owned API token logs in; a token that can edit Workers but may not
 * read billing deploys; a new account with no workers.dev subdomain is refused before anything is
 * written, or gets one registered first; an account whose R2 list spans pages has its bucket
 * found, not created twice; `workers_dev: false` and `preview_urls: false` leave workers.dev off
 * and need no subdomain.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PlatformApi } from "../../../cli/platform/api.ts";
import { startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";
import { copyFixture, expectSuccess, runSdkAsync, type CliResult } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const ACCOUNT_TOKEN = "stand-in-account-owned-token-0001";
let platform: PlatformApiStandIn;

function sdk(root: string, configHome: string, args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  const env = { SDK_CONFIG_HOME: configHome, SDK_API_BASE_URL: platform.baseUrl, SDK_WORKERS_DEV_ORIGIN: platform.workersDevOrigin, SDK_DEPLOY_READINESS_ATTEMPTS: "2", SDK_API_TOKEN: "", CLOUDFLARE_API_TOKEN: "", SDK_ACCOUNT_ID: "", SDK_WORKERS_SUBDOMAIN: "", ...options.env };
  return runSdkAsync([...args, "--root", root], { env, input: options.input });
}

function refused(result: CliResult, code: string): void {
  assert.is(result.code, 1, `${result.stdout}\n${result.stderr}`);
  assert.match(result.stderr, code);
  assert.not.match(result.stderr, /\n\s+at /, "no stack trace");
}

const writes = (from: number) => platform.requests.slice(from).filter((request) => request.method !== "GET").map((request) => `${request.method} ${request.path.replace(platform.accountId, "{account}")}`);

/** Each test has its own account, closed however the test ends. */
function withPlatform(options: Parameters<typeof startPlatformApi>[0], body: () => Promise<void>): () => Promise<void> {
  return async () => {
    platform = await startPlatformApi(options);
    try {
      await body();
    } finally {
      await platform.close();
    }
  };
}

test("an account-owned token logs in and deploys without Billing:Read; the account's missing workers.dev subdomain is registered before anything else is written", withPlatform({ tokens: [{ value: ACCOUNT_TOKEN, owner: "account" }], subdomain: null }, async () => {
  const root = copyFixture("fixtures", "deploy-app");
  const home = scratchDir("real-account-home");
  const run = (args: string[], options?: Parameters<typeof sdk>[3]) => sdk(root, home, args, options);

  const before = platform.requests.length;
  const login = expectSuccess(await run(["account", "login"], { input: `${ACCOUNT_TOKEN}\n` }), "sdk account login with an account-owned token");
  assert.match(login.stdout, `logged in to account ${platform.state.account.name}`);
  assert.equal(platform.requests.slice(before).map((request) => `${request.method} ${request.path}`), ["GET /user/tokens/verify", "GET /accounts", `GET /accounts/${platform.accountId}/tokens/verify`]);
  expectSuccess(await run(["account", "whoami"]), "sdk account whoami with an account-owned token");
  expectSuccess(await run(["project", "link"]), "sdk project link");
  expectSuccess(await run(["secret", "put", "API_KEY"], { input: "sk-real-account" }), "sdk secret put");

  // R2's list answers 20 buckets a page: the app's bucket is on the second one.
  for (let index = 0; index < 24; index++) platform.state.r2.set(`archive-${index}`, { name: `archive-${index}`, creation_date: "2026-01-01T00:00:00Z" });
  await new PlatformApi(ACCOUNT_TOKEN, platform.baseUrl).request("POST", `/accounts/${platform.accountId}/r2/buckets`, { json: { name: "deploy-app" } });

  const start = platform.requests.length;
  const noSubdomain = await run(["deploy"]);
  refused(noSubdomain, "SDK_DEPLOY_NO_WORKERS_SUBDOMAIN");
  assert.match(noSubdomain.stderr, /SDK_WORKERS_SUBDOMAIN/);
  assert.equal(writes(start), [], "nothing was provisioned");

  const next = platform.requests.length;
  const deployed = expectSuccess(await run(["deploy"], { env: { SDK_WORKERS_SUBDOMAIN: "shopco" } }), "sdk deploy registering a subdomain");
  assert.is(writes(next)[0], "PUT /accounts/{account}/workers/subdomain", "the subdomain first");
  assert.not.ok(writes(next).includes("POST /accounts/{account}/r2/buckets"), "the existing bucket was found on R2's second page");
  assert.match(deployed.stdout, /registered the account's workers\.dev subdomain shopco\.workers\.dev/);
  assert.match(deployed.stdout, /is live .* at https:\/\/deploy-app\.shopco\.workers\.dev/);
  const subscriptions = platform.requests.slice(next).find((request) => request.path.endsWith("/subscriptions"));
  assert.ok(subscriptions, "the plan was asked for, and refused (the token has no Billing:Read)");
  const live = await platform.workersDevFetch("deploy-app.shopco.workers.dev", "/");
  const text = await live.text();
  assert.equal([live.status, text], [200, "release 1"]);
  assert.equal(platform.violations, []);
}));

test("workers_dev: false and preview_urls: false: no subdomain needed, both stay off, and the deploy says there is no workers.dev URL", withPlatform({ subdomain: null }, async () => {
  const root = copyFixture("fixtures", "deploy-app");
  const home = scratchDir("private-worker-home");
  const run = (args: string[], options?: Parameters<typeof sdk>[3]) => sdk(root, home, args, options);
  const config = path.join(root, "sdk.config.ts");
  writeFileSync(config, readFileSync(config, "utf8").replace("defineConfig({})", "defineConfig({ edge: { workers_dev: false, preview_urls: false } })"));

  expectSuccess(await run(["account", "login"], { input: `${platform.token}\n` }), "sdk account login");
  expectSuccess(await run(["project", "link"]), "sdk project link");
  expectSuccess(await run(["secret", "put", "API_KEY"], { input: "sk-private" }), "sdk secret put");
  const deployed = expectSuccess(await run(["deploy"]), "sdk deploy without workers.dev");
  assert.match(deployed.stdout, /is live .*no workers\.dev URL: workers_dev is off/);
  assert.equal(platform.state.scripts.get("deploy-app")!.subdomain, { enabled: false, previews_enabled: false });
  assert.not.ok(platform.requests.some((request) => request.path.endsWith("/workers/subdomain")), "the account's subdomain was never needed");
  assert.equal(platform.violations, []);
}));

test.run();
