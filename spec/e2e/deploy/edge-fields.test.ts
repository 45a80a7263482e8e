/**
 * The `edge` passthrough of sdk.config.ts reaches the platform field by field, as the stand-in
 * (spec/helpers/platform-api, held to Cloudflare's published schema) receives it: bindings sdk
 * does not provision, placement, logpush, tail consumers, observability, cron triggers, zone
 * routes and custom domains; the
 * `_headers` and `_redirects` of public/ are applied by the platform and not served as files.
 * A field sdk cannot send stops the deploy before anything is written, naming it (a misspelt
 * one never gets that far: the build checks `edge` against wrangler's config schema).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";
import { copyFixture, expectSuccess, runSdkAsync } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const root = copyFixture("fixtures", "deploy-app");
const configHome = scratchDir("edge-fields-config-home");
let platform: PlatformApiStandIn;

async function sdk(args: string[], input?: string) {
  const env = { SDK_CONFIG_HOME: configHome, SDK_API_BASE_URL: platform.baseUrl, SDK_WORKERS_DEV_ORIGIN: platform.workersDevOrigin, SDK_DEPLOY_READINESS_ATTEMPTS: "2" };
  return runSdkAsync([...args, "--root", root], { env, input });
}

function writeConfig(edge: Record<string, unknown>): void {
  writeFileSync(path.join(root, "sdk.config.ts"), `import { defineConfig } from "sdk/config";\n\nexport default defineConfig({ edge: ${JSON.stringify(edge)} });\n`);
}

const writes = (from: number) => platform.requests.slice(from).filter((request) => request.method !== "GET");
const script = () => platform.state.scripts.get("deploy-app")!;
const latest = () => script().versions.at(-1)!;
const binding = (name: string) => latest().metadata.bindings?.find((entry) => entry.name === name);

const EDGE = {
  services: [{ binding: "SELF", service: "deploy-app" }],
  analytics_engine_datasets: [{ binding: "EVENTS", dataset: "deploy_events" }],
  vectorize: [{ binding: "INDEX", index_name: "notes-index" }],
  workflows: [{ binding: "ORDERS", name: "orders", class_name: "OrderFlow", script_name: "orders-worker" }],
  version_metadata: { binding: "VERSION" },
  send_email: [{ name: "MAIL", destination_address: "owner@example.com" }],
  placement: { mode: "smart" },
  logpush: true,
  tail_consumers: [{ service: "log-sink" }],
  observability: { enabled: true },
  triggers: { crons: ["0 3 * * *", "*/30 * * * *"] },
  routes: ["shop.example.com/api/*", { pattern: "www.example.com", custom_domain: true }],
  // With routes, workers.dev is off unless said (wrangler's rule).
  workers_dev: true,
};

test.before(async () => {
  platform = await startPlatformApi({ zones: [{ name: "example.com" }] });
});

test.after(async () => {
  await platform.close();
});

test("setup: a login, the secret env.ts requires, and public/_headers and public/_redirects", async () => {
  mkdirSync(path.join(root, "public"), { recursive: true });
  writeFileSync(path.join(root, "public", "_headers"), "/robots.txt\n  X-From-Headers-File: yes\n");
  writeFileSync(path.join(root, "public", "_redirects"), "/old-home /robots.txt 301\n");
  expectSuccess(await sdk(["account", "login"], `${platform.token}\n`), "sdk account login");
  // The first deploy links the folder to its worker, and stops at the secret env.ts requires.
  assert.match((await sdk(["deploy"])).stderr, "SDK_DEPLOY_ENV_MISSING");
  expectSuccess(await sdk(["secret", "put", "API_KEY"], "a-secret-value"), "sdk secret put");
});

test("a field sdk cannot send stops the deploy before any write, each named", async () => {
  writeConfig({ migrations: [{ tag: "v1" }], logfwdr: { bindings: [{ name: "LOGS", destination: "sink" }] } });
  const before = platform.requests.length;
  const run = await sdk(["deploy"]);
  assert.is(run.code, 1, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stderr, "SDK_DEPLOY_FIELD_UNSENT", run.stderr);
  assert.match(run.stderr, "edge.logfwdr: sdk deploy does not send this field");
  assert.match(run.stderr, "edge.migrations");
  assert.not.match(run.stderr, /\n\s+at /, "no stack trace");
  assert.equal(writes(before).filter((request) => !request.path.endsWith("/secrets")), []);
});

test("a route in no zone of the account stops the deploy before any write, naming it and the zones there are", async () => {
  writeConfig({ routes: ["shop.example.org/*"] });
  const before = platform.requests.length;
  const run = await sdk(["deploy"]);
  assert.is(run.code, 1, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stderr, "SDK_DEPLOY_ROUTE_ZONE");
  assert.match(run.stderr, "edge.routes[0] (shop.example.org/*)");
  assert.match(run.stderr, "zones here: example.com");
  assert.equal(writes(before), []);
});

test("a direct upload carries every passthrough field; the platform applies _headers and _redirects", async () => {
  writeConfig(EDGE);
  expectSuccess(await sdk(["deploy"]), "sdk deploy");
  assert.equal(binding("SELF"), { type: "service", name: "SELF", service: "deploy-app" });
  assert.equal(binding("EVENTS"), { type: "analytics_engine", name: "EVENTS", dataset: "deploy_events" });
  assert.equal(binding("INDEX"), { type: "vectorize", name: "INDEX", index_name: "notes-index" });
  assert.equal(binding("ORDERS"), { type: "workflow", name: "ORDERS", workflow_name: "orders", class_name: "OrderFlow", script_name: "orders-worker" });
  assert.equal(binding("VERSION"), { type: "version_metadata", name: "VERSION" });
  assert.equal(binding("MAIL"), { type: "send_email", name: "MAIL", destination_address: "owner@example.com" });
  assert.equal(latest().metadata.placement, { mode: "smart" });
  assert.equal(script().settings, { logpush: true, tail_consumers: [{ service: "log-sink" }], observability: { enabled: true } });
  assert.equal(script().schedules, [{ cron: "0 3 * * *" }, { cron: "*/30 * * * *" }]);
  const zone = [...platform.state.zones.values()][0]!;
  assert.equal(zone.workerRoutes.map(({ pattern, script }) => ({ pattern, script })), [{ pattern: "shop.example.com/api/*", script: "deploy-app" }]);
  const domain = platform.state.customDomains.get("www.example.com");
  assert.equal(domain && { service: domain.service, zone: domain.zone_name, environment: domain.environment }, { service: "deploy-app", zone: "example.com", environment: "production" });

  const config = latest().metadata.assets!.config!;
  assert.match(config._headers!, "X-From-Headers-File: yes");
  assert.is(config._redirects, "/old-home /robots.txt 301\n");
  const robots = await platform.workersDevFetch("deploy-app.acme.workers.dev", "/robots.txt");
  assert.is(robots.headers.get("x-from-headers-file"), "yes");
  const redirected = await platform.workersDevFetch("deploy-app.acme.workers.dev", "/old-home");
  assert.is(redirected.status, 301);
  assert.match(redirected.headers.get("location") ?? "", "/robots.txt");
  assert.is((await platform.workersDevFetch("deploy-app.acme.workers.dev", "/_redirects")).status, 404, "the rules are not a public file");
});

test("a staged deploy sends the script's own settings through the settings call, and can turn them off", async () => {
  writeConfig({ ...EDGE, logpush: false, observability: undefined, tail_consumers: [] });
  const before = platform.requests.length;
  expectSuccess(await sdk(["deploy"]), "sdk deploy (staged)");
  const patch = platform.requests.slice(before).find((request) => request.method === "PATCH" && request.path.endsWith("/script-settings"));
  assert.ok(patch, "the settings were patched");
  assert.equal(JSON.parse(patch!.bodyText), { logpush: false, tail_consumers: [], observability: { enabled: false } });
  assert.equal(script().settings, { logpush: false, tail_consumers: [], observability: { enabled: false } });
  assert.equal(latest().metadata.placement, { mode: "smart" });
  assert.is(latest().annotations["workers/triggered_by"], "version_upload");
  assert.is([...platform.state.zones.values()][0]!.workerRoutes.length, 1, "a route the worker has is not made again");
});

test.run();
