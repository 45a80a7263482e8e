/**
 * scripts/live-deploy.mjs, the opt-in live check, without a real account: with no token (or no
 * account id) it says why it skipped and exits 0, before packing, installing or asking anything;
 * its teardown deletes the worker with `force` and only what the deploys created.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { liveCredentials, SKIP_MESSAGE, teardownRequests } from "../../scripts/live-deploy.mjs";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";

const script = path.join(REPO_ROOT, "scripts", "live-deploy.mjs");
const scratchFolders = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith("sdk-live-deploy-"));

function runWithout(env: Record<string, string>) {
  const { CLOUDFLARE_API_TOKEN: _token, CLOUDFLARE_ACCOUNT_ID: _account, SDK_API_TOKEN: _sdkToken, ...inherited } = process.env;
  // An API base nobody answers: a skip must not even try it.
  return spawnSync(process.execPath, [script], { env: { ...inherited, SDK_API_BASE_URL: "http://127.0.0.1:9/client/v4", ...env }, encoding: "utf8", timeout: 30_000 });
}

test("without a token or an account id it skips cleanly: exit 0, the message, nothing made", () => {
  const before = scratchFolders();
  const cases: Record<string, string>[] = [{}, { CLOUDFLARE_API_TOKEN: "a-token" }, { CLOUDFLARE_ACCOUNT_ID: "0".repeat(32) }, { CLOUDFLARE_API_TOKEN: " ", CLOUDFLARE_ACCOUNT_ID: "0".repeat(32) }];
  for (const env of cases) {
    const run = runWithout(env);
    assert.is(run.status, 0, run.stderr);
    assert.is(run.stdout.trim(), SKIP_MESSAGE);
    assert.match(run.stdout, /^skipped: set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID/);
    assert.is(run.stderr, "");
  }
  assert.equal(scratchFolders(), before);
  assert.equal(liveCredentials({ CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_ACCOUNT_ID: "a" }), { token: "t", accountId: "a", apiBase: "https://api.cloudflare.com/client/v4" });
});

test("the teardown deletes the worker with force, then what the deploys created, never what they found", () => {
  const requests = teardownRequests("acc", "sdk-live-1a2b3c", [
    { kind: "D1 database", name: "sdk-live-1a2b3c", outcome: "created", id: "d1-uuid" },
    { kind: "KV namespace", name: "sdk-live-1a2b3c-KV", outcome: "found", id: "kv-theirs" },
    { kind: "R2 bucket", name: "sdk-live-files", outcome: "created" },
    { kind: "queue", name: "jobs", outcome: "created", id: "q1" },
    { kind: "Hyperdrive config", name: "hd", outcome: "created", id: "h1" },
  ]);
  assert.equal(requests.map((request) => `${request.method} ${request.path}`), [
    "DELETE /accounts/acc/workers/scripts/sdk-live-1a2b3c?force=true",
    "DELETE /accounts/acc/d1/database/d1-uuid",
    "DELETE /accounts/acc/r2/buckets/sdk-live-files",
    "DELETE /accounts/acc/queues/q1",
    "DELETE /accounts/acc/hyperdrive/configs/h1",
  ]);
});

test.run();
