/**
 * The deploy client against accounts as they are (the stand-in held to Cloudflare's published
 * API, spec/helpers/platform-api): every list is read through all its pages (R2's 20-bucket
 * pages by cursor, KV namespaces, queues, zones); queue consumers are matched on the fields the
 * list answers, sent with every setting and updated in place; a release reads its version from
 * the deployment (the script upload's answer has none), checks a worker with durable state,
 * which has no preview URL, after traffic moves and rolls it back when it fails; "ready" is the
 * worker's own answer, not the platform's 404; workers.dev stays off when the config says so.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkReadiness } from "../../../cli/deploy/readiness.ts";
import { servesRoot } from "../../../cli/deploy/serves-root.ts";
import { connectQueueConsumers } from "../../../cli/deploy/queue-consumers.ts";
import { release, type ReleaseInputs } from "../../../cli/deploy/release.ts";
import { PlatformApi } from "../../../cli/platform/api.ts";
import { listZones } from "../../../cli/platform/email.ts";
import { findKvNamespace, findQueue, hasR2Bucket } from "../../../cli/platform/resources.ts";
import { uploadAndDeploy } from "../../../cli/platform/scripts.ts";
import { startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";

let platform: PlatformApiStandIn;
let api: PlatformApi;

test.before(async () => {
  platform = await startPlatformApi();
  api = new PlatformApi(platform.token, platform.baseUrl);
});

test.after(async () => {
  await platform.close();
});

const env = () => ({ ...process.env, SDK_WORKERS_DEV_ORIGIN: platform.workersDevOrigin });

function workerForm(source: string, metadata: object = {}): FormData {
  const form = new FormData();
  form.append("metadata", new Blob([JSON.stringify({ main_module: "index.mjs", compatibility_date: "2025-04-01", ...metadata })], { type: "application/json" }));
  form.append("index.mjs", new Blob([source], { type: "application/javascript+module" }), "index.mjs");
  return form;
}

const answering = (text: string) => `export default { fetch: () => new Response(${JSON.stringify(text)}), queue: async () => {} };\n`;

/** A worker with durable state whose `/` answers `text`, or throws when `text` is undefined. */
const durable = (text: string | undefined) => `import { DurableObject } from "cloudflare:workers";
export class Counter extends DurableObject {}
export default { fetch: () => { ${text === undefined ? 'throw new Error("broken release");' : `return new Response(${JSON.stringify(text)});`} } };
`;

function inputs(workerName: string, form: () => FormData, overrides: Partial<ReleaseInputs> = {}): ReleaseInputs {
  return {
    api,
    accountId: platform.accountId,
    workerName,
    subdomain: "acme",
    workersDev: { enabled: true, previews: true },
    mode: "staged",
    form,
    message: "sdk deploy test",
    migratesDurableState: false,
    checkReady: (host) => checkReadiness(host, { attempts: 2, intervalMs: 50, env: env() }),
    ...overrides,
  };
}

const production = async (workerName: string) => {
  const response = await platform.workersDevFetch(`${workerName}.acme.workers.dev`, "/");
  return { status: response.status, text: await response.text() };
};

test("lists are read through all their pages: R2 by cursor (20 a page), KV namespaces, queues and zones by page", async () => {
  const { state } = platform;
  for (let index = 0; index < 25; index++) state.r2.set(`bucket-${index}`, { name: `bucket-${index}`, creation_date: "2026-01-01T00:00:00Z" });
  for (let index = 0; index < 130; index++) state.kv.set(`ns${index}`.padEnd(32, "0"), { id: `ns${index}`.padEnd(32, "0"), title: `namespace-${index}` });
  for (let index = 0; index < 25; index++) state.queues.set(`q${index}`.padEnd(32, "0"), { queue_id: `q${index}`.padEnd(32, "0"), queue_name: `queue-${index}`, created_on: "2026-01-01T00:00:00Z", modified_on: "2026-01-01T00:00:00Z", consumers: [] });
  for (let index = 0; index < 60; index++) platform.addZone({ name: `zone${index}.test` });
  const before = platform.requests.length;

  assert.ok(await hasR2Bucket(api, platform.accountId, "bucket-24"), "the 25th bucket is on R2's second page");
  assert.is((await findKvNamespace(api, platform.accountId, "namespace-129"))?.title, "namespace-129");
  assert.is((await findQueue(api, platform.accountId, "queue-24"))?.queue_name, "queue-24");
  assert.is((await listZones(api, platform.accountId)).length, 60);

  const asked = platform.requests.slice(before).map((request) => `${request.path.split("/").slice(3).join("/") || request.path} ${new URLSearchParams(request.query)}`);
  assert.equal(asked.filter((line) => line.startsWith("r2/buckets")).length, 2, "two R2 pages");
  assert.ok(asked.some((line) => line.startsWith("r2/buckets") && line.includes("cursor=")));
  assert.equal(asked.filter((line) => line.startsWith("storage/kv/namespaces")), ["storage/kv/namespaces page=1&per_page=100", "storage/kv/namespaces page=2&per_page=100"]);
  assert.equal(platform.violations, []);
});

test("queue consumers: every setting is sent; a redeploy updates the consumer the list names as `script`, never a second one", async () => {
  await uploadAndDeploy(api, platform.accountId, "mailer", workerForm(answering("mailer")));
  for (const name of ["mail", "mail-dlq"]) await api.request("POST", `/accounts/${platform.accountId}/queues`, { json: { queue_name: name } });
  const wrangler = (maxRetries: number) => ({
    queues: { consumers: [{ queue: "mail", max_batch_size: 5, max_batch_timeout: 2, max_retries: maxRetries, retry_delay: 30, max_concurrency: 4, dead_letter_queue: "mail-dlq" }] },
  });
  const queue = () => [...platform.state.queues.values()].find((candidate) => candidate.queue_name === "mail")!;

  assert.equal(await connectQueueConsumers(api, platform.accountId, "mailer", wrangler(3)), ["mail"]);
  assert.equal(queue().consumers.map(({ script_name, settings, dead_letter_queue }) => ({ script_name, settings, dead_letter_queue })), [
    { script_name: "mailer", settings: { batch_size: 5, max_retries: 3, max_wait_time_ms: 2000, max_concurrency: 4, retry_delay: 30 }, dead_letter_queue: "mail-dlq" },
  ]);
  const created = queue().consumers[0].consumer_id;

  const before = platform.requests.length;
  assert.equal(await connectQueueConsumers(api, platform.accountId, "mailer", wrangler(5)), ["mail"]);
  assert.is(queue().consumers.length, 1);
  assert.equal([queue().consumers[0].consumer_id, queue().consumers[0].settings.max_retries], [created, 5]);
  assert.equal(platform.requests.slice(before).filter((request) => request.method !== "GET").map((request) => request.method), ["PUT"]);
  assert.equal(platform.violations, []);
});

test("an atomic release reads its version from the deployment, not from the upload's answer", async () => {
  const result = await release(inputs("plain", () => workerForm(answering("plain 1")), { mode: "atomic" }));
  const script = platform.state.scripts.get("plain")!;
  assert.is(result.versionId, script.versions.at(-1)!.id);
  assert.equal([result.live, result.readiness.ready], [true, true]);
  assert.equal(await production("plain"), { status: 200, text: "plain 1" });
});

test("a worker with durable state has no preview URL: a staged release deploys, checks production and rolls a failing version back", async () => {
  const first = await release(inputs("counter", () => workerForm(durable("counter 1"), { bindings: [{ type: "durable_object_namespace", name: "COUNTER", class_name: "Counter" }], migrations: { new_tag: "v1", new_sqlite_classes: ["Counter"] } }), { mode: "atomic", migratesDurableState: true }));
  assert.ok(first.live);
  const previewsAsked = () => platform.workersDevRequests.filter((request) => /^[0-9a-f]{8}-counter\./.test(request.host)).length;
  const before = previewsAsked();

  const broken = await release(inputs("counter", () => workerForm(durable(undefined), { bindings: [{ type: "durable_object_namespace", name: "COUNTER", class_name: "Counter" }] })));
  assert.is(previewsAsked(), before, "no preview URL was asked");
  assert.equal([broken.mode, broken.live, broken.rolledBack, broken.readiness.ready], ["staged", false, true, false]);
  assert.equal(await production("counter"), { status: 200, text: "counter 1" });

  const fixed = await release(inputs("counter", () => workerForm(durable("counter 2"), { bindings: [{ type: "durable_object_namespace", name: "COUNTER", class_name: "Counter" }] })));
  assert.equal([fixed.live, fixed.rolledBack], [true, false]);
  assert.equal(await production("counter"), { status: 200, text: "counter 2" });
});

test("ready means the worker answered: workers.dev's own 404 (nothing there yet) is not ready", async () => {
  const nothing = await checkReadiness("nobody.acme.workers.dev", { attempts: 2, intervalMs: 10, env: env() });
  assert.equal([nothing.ready, nothing.attempts], [false, 2]);
  assert.match(nothing.detail, /404/);
  assert.ok((await checkReadiness("plain.acme.workers.dev", { attempts: 1, env: env() })).ready);
});

test("an app with nothing at / answers 404 there itself: for it a 404 is the worker's answer", async () => {
  const apiOnly = await checkReadiness("nobody.acme.workers.dev", { attempts: 2, intervalMs: 10, env: env(), rootServed: false });
  assert.equal([apiOnly.ready, apiOnly.attempts], [true, 1]);
  const route = { pattern: "/", file: "routes/index.ts", methods: [] };
  assert.equal([servesRoot({ routes: [], pages: [], assets: [] }), servesRoot({ routes: [route as never], pages: [], assets: [] })], [false, true]);
  assert.ok(servesRoot({ routes: [], pages: [], assets: [{ path: "/index.html" } as never] }));
});

test("workers_dev and preview_urls off: the release turns both off and the platform's acceptance is the check", async () => {
  const result = await release(inputs("private", () => workerForm(answering("private")), { mode: "atomic", subdomain: undefined, workersDev: { enabled: false, previews: false } }));
  assert.equal([result.live, result.readiness.ready, result.readiness.attempts], [true, true, 0]);
  assert.match(result.readiness.detail, /not probed/);
  assert.equal(platform.state.scripts.get("private")!.subdomain, { enabled: false, previews_enabled: false });
  assert.is((await production("private")).status, 404);
  assert.equal(platform.violations, []);
});

test.run();
