#!/usr/bin/env node
/**
 * The opt-in live check: what no schema says, settled against a real account. In a scratch folder,
 * from the packed tarball: `sdk init` (api template), `sdk deploy`, a real request to the
 * deployed worker, a second deploy, `sdk rollback` (the first release answers again), and a
 * teardown that deletes the worker and every resource the deploys created, even when a step
 * failed. Each step is printed with its time. Never part of `npm test` (spec/run.mjs runs only
 * *.test.ts files); without a token it prints why it skipped and exits 0.
 *
 *   CLOUDFLARE_API_TOKEN=... CLOUDFLARE_ACCOUNT_ID=... node scripts/live-deploy.mjs [--tarball sdk-x.tgz] [--keep]
 *
 * The token needs Account · Workers Scripts · Edit (and Billing · Read for the plan's CPU check);
 * docs/pages/deploy.md lists what other app features need. `--keep` leaves the worker and the
 * scratch folder for a look (and prints how to delete them). SDK_API_BASE_URL and
 * SDK_WORKERS_DEV_ORIGIN point it at another API and workers.dev origin (the Host header keeps the
 * worker's host, as `sdk deploy`'s readiness probe does), which is how it is rehearsed against the
 * platform stand-in.
 */
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

export const SKIP_MESSAGE = "skipped: set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID to run the live deploy check against a real account (see docs/pages/deploy.md, \"The live check\")";
const DEFAULT_API_BASE_URL = "https://api.cloudflare.com/client/v4";
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The token and account to use, or undefined when the check must skip. */
export function liveCredentials(env) {
  const token = env.CLOUDFLARE_API_TOKEN?.trim();
  const accountId = env.CLOUDFLARE_ACCOUNT_ID?.trim();
  return token && accountId ? { token, accountId, apiBase: env.SDK_API_BASE_URL || DEFAULT_API_BASE_URL } : undefined;
}

/**
 * What the teardown deletes: the worker (with `force`, so its durable objects go too), then each
 * resource a deploy reported as created (`sdk deploy --json`'s `provisioned`); a resource it found
 * already there is the account's own and is left alone.
 */
export function teardownRequests(accountId, workerName, provisioned) {
  const account = `/accounts/${accountId}`;
  const requests = [{ method: "DELETE", path: `${account}/workers/scripts/${encodeURIComponent(workerName)}?force=true`, what: `worker ${workerName}` }];
  const paths = {
    "D1 database": (step) => step.id && `${account}/d1/database/${step.id}`,
    "KV namespace": (step) => step.id && `${account}/storage/kv/namespaces/${step.id}`,
    "R2 bucket": (step) => `${account}/r2/buckets/${encodeURIComponent(step.name)}`,
    queue: (step) => step.id && `${account}/queues/${step.id}`,
    "Hyperdrive config": (step) => step.id && `${account}/hyperdrive/configs/${step.id}`,
  };
  for (const step of provisioned) {
    const target = step.outcome === "created" && paths[step.kind]?.(step);
    if (target) requests.push({ method: "DELETE", path: target, what: `${step.kind} ${step.name}` });
  }
  return requests;
}

function log(line) {
  console.log(`[live-deploy ${new Date().toISOString().slice(11, 19)}] ${line}`);
}

function run(command, args, cwd, env = {}) {
  const { FORCE_COLOR: _forced, ...inherited } = process.env;
  const result = spawnSync(command, args, { cwd, env: { ...inherited, NO_COLOR: "1", ...env }, encoding: "utf8", timeout: 600_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${result.status ?? result.signal}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function step(title, action) {
  const started = Date.now();
  log(`${title} ...`);
  const value = await action();
  log(`${title}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

/** GET `url`, or the same path at SDK_WORKERS_DEV_ORIGIN with `url`'s host in the Host header. */
function get(url) {
  const origin = process.env.SDK_WORKERS_DEV_ORIGIN;
  if (!origin) return fetch(url, { headers: { "cache-control": "no-cache" } }).then(async (response) => ({ status: response.status, text: await response.text() }));
  const target = new URL(origin);
  const wanted = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: target.hostname, port: target.port, path: `${wanted.pathname}${wanted.search}`, headers: { host: wanted.host }, timeout: 10_000 }, (incoming) => {
      let text = "";
      incoming.on("data", (chunk) => (text += chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, text }));
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error("no answer within 10 s")));
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Asks `url` until it answers 200 with `expected` in its body (workers.dev takes a moment to follow a release). */
async function expectRelease(url, expected, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < until) {
    try {
      const { status, text } = await get(url);
      last = `${status} ${text.slice(0, 200)}`;
      if (status === 200 && text.includes(expected)) return last;
    } catch (cause) {
      last = cause.cause?.code ?? cause.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  throw new Error(`${url} did not answer ${expected} within ${timeoutMs / 1000} s (last: ${last})`);
}

async function api(credentials, method, requestPath) {
  const response = await fetch(`${credentials.apiBase}${requestPath}`, { method, headers: { authorization: `Bearer ${credentials.token}` } });
  const body = await response.json().catch(() => ({}));
  return { status: response.status, ok: response.ok && body.success !== false, errors: body.errors ?? [] };
}

const releaseRoute = (name) => `import { defineHandler } from "sdk";\n\nexport const GET = defineHandler(() => ({ release: ${JSON.stringify(name)} }));\n`;

async function main() {
  const { values: flags } = parseArgs({ options: { tarball: { type: "string" }, keep: { type: "boolean" } } });
  const credentials = liveCredentials(process.env);
  if (!credentials) {
    console.log(SKIP_MESSAGE);
    return 0;
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), "sdk-live-deploy-"));
  const name = `sdk-live-${randomBytes(3).toString("hex")}`;
  const app = path.join(scratch, name);
  const env = { CLOUDFLARE_API_TOKEN: credentials.token, CLOUDFLARE_ACCOUNT_ID: credentials.accountId, SDK_CONFIG_HOME: path.join(scratch, "config-home"), SDK_API_BASE_URL: credentials.apiBase };
  const sdk = (args) => run(path.join(app, "node_modules", ".bin", "sdk"), args, app, env);
  const provisioned = [];
  let workerName = name;
  let failed;
  log(`account ${credentials.accountId}, worker ${name}, scratch folder ${scratch}`);
  try {
    const tarball = await step("pack the package", () => {
      if (flags.tarball) return path.resolve(flags.tarball);
      run("npm", ["pack", "--pack-destination", scratch, "--silent"], repoRoot);
      return path.join(scratch, readdirSync(scratch).find((file) => file.endsWith(".tgz")));
    });
    await step("sdk init (api template) from the tarball", () => {
      run("npm", ["install", tarball, "--no-audit", "--no-fund", "--prefer-offline"], scratch);
      run("npx", ["sdk", "init", name, "--template", "api"], scratch);
      run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], app);
      mkdirSync(path.join(app, "routes", "api"), { recursive: true });
      writeFileSync(path.join(app, "routes", "api", "release.ts"), releaseRoute("one"));
    });
    const first = await step("sdk deploy (release one)", () => JSON.parse(sdk(["deploy", "--json"])));
    workerName = first.workerName;
    provisioned.push(...first.provisioned);
    if (!first.url) throw new Error("the deploy answered no workers.dev URL; the live check requests the worker there");
    log(`live at ${first.url} (version ${first.release.versionId}, ${first.release.mode})`);
    await step(`GET ${first.url}/api/release answers release one`, () => expectRelease(`${first.url}/api/release`, '"one"'));
    await step(`GET ${first.url}/api/hello/live answers the template's route`, () => expectRelease(`${first.url}/api/hello/live`, "Hello, live!"));

    writeFileSync(path.join(app, "routes", "api", "release.ts"), releaseRoute("two"));
    const second = await step("sdk deploy (release two)", () => JSON.parse(sdk(["deploy", "--json"])));
    provisioned.push(...second.provisioned);
    log(`version ${second.release.versionId}, ${second.release.mode}`);
    await step("the worker answers release two", () => expectRelease(`${first.url}/api/release`, '"two"'));

    const rolledBack = await step("sdk rollback", () => JSON.parse(sdk(["rollback", "--json"])));
    log(`runs version ${rolledBack.toVersionId} again (was ${rolledBack.fromVersionId})`);
    await step("the worker answers release one again", () => expectRelease(`${first.url}/api/release`, '"one"'));
  } catch (cause) {
    failed = cause;
    log(`FAILED: ${cause.message}`);
  } finally {
    // A deploy that failed after linking the folder named the worker there.
    const link = path.join(app, ".sdk", "link.json");
    if (existsSync(link)) workerName = JSON.parse(readFileSync(link, "utf8")).workerName ?? workerName;
    if (flags.keep) {
      log(`kept: ${scratch}; delete the worker with: curl -X DELETE -H "Authorization: Bearer $CLOUDFLARE_API_TOKEN" ${credentials.apiBase}/accounts/${credentials.accountId}/workers/scripts/${workerName}?force=true`);
    } else {
      await step("teardown", async () => {
        for (const request of teardownRequests(credentials.accountId, workerName, provisioned)) {
          const answer = await api(credentials, request.method, request.path);
          // Already gone answers 404 with the resource's own code; 7000 is a path the API does not have.
          const gone = answer.ok || (answer.status === 404 && !answer.errors.some((error) => error.code === 7000));
          log(`  ${gone ? "deleted" : "COULD NOT DELETE"} ${request.what}${gone ? "" : ` (${answer.status}: ${answer.errors.map((error) => `${error.message} [${error.code}]`).join("; ")})`}`);
          if (!gone) failed ??= new Error(`teardown left ${request.what}`);
        }
        if (existsSync(scratch)) rmSync(scratch, { recursive: true, force: true });
      });
    }
  }
  log(failed ? "live check FAILED" : "live check passed");
  return failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = await main();
}

