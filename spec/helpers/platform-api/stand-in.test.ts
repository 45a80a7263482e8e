/**
 * The platform API stand-in (spec/helpers/platform-api) over real HTTP, through the CLI's own
 * client modules: auth and account, resources and their data (D1 on real SQLite, KV, R2),
 * assets sessions, direct and version uploads with their validation, deployments, secrets,
 * workers.dev and preview hosts running the uploaded code with its bindings, queues, zones and
 * mail, container applications, failure injection, recording, and a close that leaves no process
 * or folder behind.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { listAccounts, verifyAccountToken, verifyToken, verifyUserToken, workerPlan, workersSubdomain } from "../../../cli/platform/account.ts";
import { PlatformApi, PlatformApiError } from "../../../cli/platform/api.ts";
import { startAssetsUpload, uploadAssetsBucket, type AssetManifest } from "../../../cli/platform/assets.ts";
import { createApplication, deleteApplication, findApplication, registryCredentials, rollOut } from "../../../cli/platform/containers.ts";
import { versionDetail } from "../../../cli/platform/script-versions.ts";
import { emailRouting, enableEmailRouting, listZones, mxRecords, routeCatchAllToWorker } from "../../../cli/platform/email.ts";
import { addQueueConsumer, consumerWorker, createD1Database, createKvNamespace, createQueue, createR2Bucket, findD1Database, findKvNamespace, findQueue, hasR2Bucket, queryD1 } from "../../../cli/platform/resources.ts";
import { deployVersion, findScript, hasPreview, listDeployments, listSecrets, putSchedules, putSecret, setWorkersDev, uploadAndDeploy, uploadVersion } from "../../../cli/platform/scripts.ts";
import { ALL_PERMISSIONS, CODE, startPlatformApi, type PlatformApiStandIn } from "./index.ts";
import { waitFor } from "../wait-for.ts";

const WORKER = "shop";
const BILLING_TOKEN = "stand-in-token-with-billing-read";
const ACCOUNT_TOKEN = "stand-in-account-owned-token";
const bothOn = { enabled: true, previews_enabled: true };
const SECRET = "sk-test-3b8e1f0c9a7d";
const HOST = `${WORKER}.acme.workers.dev`;

const workerModule = `import { DurableObject } from "cloudflare:workers";
import { RELEASE } from "./chunks/release.mjs";

export class Counter extends DurableObject {
  async increment() {
    const n = ((await this.ctx.storage.get("n")) ?? 0) + 1;
    await this.ctx.storage.put("n", n);
    return n;
  }
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    switch (url.pathname) {
      case "/": return new Response(RELEASE);
      case "/url": return new Response(request.url);
      case "/notes": return Response.json((await env.DB.prepare("SELECT body FROM notes ORDER BY id").all()).results);
      case "/kv": return new Response(await env.KV.get("greeting"));
      case "/r2": {
        const object = await env.FILES.get("docs/readme.txt");
        return new Response(await object.text(), { headers: { "content-type": object.httpMetadata.contentType } });
      }
      case "/env": return Response.json({ greeting: env.GREETING, limits: env.LIMITS, secret: env.API_KEY ?? null, email: typeof env.EMAIL?.send, assets: typeof env.ASSETS?.fetch });
      case "/count": return Response.json(await env.COUNTER.get(env.COUNTER.idFromName("one")).increment());
      case "/enqueue": await env.JOBS.send({ job: url.searchParams.get("job") }); return new Response("queued");
    }
    return new Response("no route", { status: 404 });
  },
  async queue(batch, env) {
    for (const message of batch.messages) await env.KV.put("consumed", JSON.stringify(message.body));
  },
};
`;

const release = (name: string) => `export const RELEASE = ${JSON.stringify(name)};\n`;

let platform: PlatformApiStandIn;
let api: PlatformApi;
const ids = { d1: "", kv: "", queue: "", assetsJwt: "", firstVersion: "" };

function workerForm(metadata: object, modules: Record<string, string>): FormData {
  const form = new FormData();
  form.append("metadata", new Blob([JSON.stringify(metadata)], { type: "application/json" }));
  for (const [name, source] of Object.entries(modules)) form.append(name, new Blob([source], { type: "application/javascript+module" }), name);
  return form;
}

/** The shop worker's metadata with every binding kind the stand-in runs. */
function metadata(extra: object = {}): object {
  return {
    main_module: "index.mjs",
    compatibility_date: "2025-04-01",
    compatibility_flags: [],
    keep_bindings: ["secret_text", "secret_key"],
    bindings: [
      { type: "plain_text", name: "GREETING", text: "hello" },
      { type: "json", name: "LIMITS", json: { max: 3 } },
      { type: "d1", name: "DB", id: ids.d1 },
      { type: "kv_namespace", name: "KV", namespace_id: ids.kv },
      { type: "r2_bucket", name: "FILES", bucket_name: "shop-files" },
      { type: "queue", name: "JOBS", queue_name: "shop-jobs" },
      { type: "durable_object_namespace", name: "COUNTER", class_name: "Counter" },
      { type: "send_email", name: "EMAIL" },
      { type: "ai", name: "AI" },
      { type: "assets", name: "ASSETS" },
    ],
    assets: { jwt: ids.assetsJwt, config: { not_found_handling: "none" } },
    annotations: { "workers/message": "test" },
    ...extra,
  };
}

const modules = (releaseName: string) => ({ "index.mjs": workerModule, "chunks/release.mjs": release(releaseName) });

async function refusal(promise: Promise<unknown>): Promise<PlatformApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformApiError) return error;
    throw error;
  }
  throw new Error("expected the platform to refuse");
}

async function page(host: string, path: string): Promise<{ status: number; text: string }> {
  const response = await platform.workersDevFetch(host, path);
  return { status: response.status, text: await response.text() };
}

test.before(async () => {
  platform = await startPlatformApi({
    account: { id: "acc0000000000000000000000000001", name: "Shop Inc" },
    tokens: ["stand-in-token-workers", { value: BILLING_TOKEN, permissions: ALL_PERMISSIONS }, { value: ACCOUNT_TOKEN, owner: "account" }],
  });
  api = new PlatformApi(platform.token, platform.baseUrl);
});

test.after(async () => {
  await platform.close();
});

test("token, account, plan and subdomain; an unknown token is refused with code 1000; a wrong account with 7003", async () => {
  assert.is((await verifyToken(api)).status, "active");
  assert.equal(await listAccounts(api), [{ id: platform.accountId, name: "Shop Inc" }]);
  assert.is(await workerPlan(api, platform.accountId), undefined, "a Workers token may not read the subscriptions (Billing:Read)");
  const billing = new PlatformApi(BILLING_TOKEN, platform.baseUrl);
  assert.is(await workerPlan(billing, platform.accountId), "free");
  platform.setPlan("paid");
  assert.is(await workerPlan(billing, platform.accountId), "paid");
  platform.setPlan("free");
  assert.is(await workersSubdomain(api, platform.accountId), "acme");

  const accountOwned = new PlatformApi(ACCOUNT_TOKEN, platform.baseUrl);
  assert.is(await verifyUserToken(accountOwned), undefined, "the user check does not know an account's token (code 1000)");
  assert.equal([(await verifyAccountToken(accountOwned, platform.accountId)).status, (await verifyToken(accountOwned, platform.accountId)).owner], ["active", "account"]);
  assert.ok((await refusal(verifyAccountToken(api, platform.accountId))).hasCode(CODE.invalidToken), "a user's token is not an account's");

  const stranger = await refusal(verifyToken(new PlatformApi("not-a-token", platform.baseUrl)));
  assert.is(stranger.status, 401);
  assert.ok(stranger.hasCode(CODE.invalidToken));
  assert.ok((await refusal(workersSubdomain(api, "another-account"))).hasCode(CODE.invalidObjectIdentifier));
});

test("resources: found by name once created; a second database of the same name is refused with 7502", async () => {
  assert.is(await findD1Database(api, platform.accountId, "shop"), undefined);
  const database = await createD1Database(api, platform.accountId, "shop");
  assert.equal(await findD1Database(api, platform.accountId, "shop"), database);
  assert.ok((await refusal(createD1Database(api, platform.accountId, "shop"))).hasCode(CODE.d1NameTaken));
  ids.d1 = database.uuid;

  ids.kv = (await createKvNamespace(api, platform.accountId, "shop-KV")).id;
  assert.is((await findKvNamespace(api, platform.accountId, "shop-KV"))?.id, ids.kv);
  assert.not.ok(await hasR2Bucket(api, platform.accountId, "shop-files"));
  await createR2Bucket(api, platform.accountId, "shop-files");
  assert.ok(await hasR2Bucket(api, platform.accountId, "shop-files"));
  ids.queue = (await createQueue(api, platform.accountId, "shop-jobs")).queue_id;
  assert.is((await findQueue(api, platform.accountId, "shop-jobs"))?.queue_id, ids.queue);
});

test("D1: statements and batches on SQLite; a failing batch changes nothing and answers 7500 with SQLite's message", async () => {
  await queryD1(api, platform.accountId, ids.d1, { sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)" });
  const [inserted] = await queryD1(api, platform.accountId, ids.d1, { sql: "INSERT INTO notes (body) VALUES (?1)", params: ["first"] });
  assert.equal([inserted.success, inserted.meta.changes, inserted.meta.last_row_id], [true, 1, 1]);

  const failed = await refusal(queryD1(api, platform.accountId, ids.d1, { batch: [{ sql: "INSERT INTO notes (body) VALUES ('lost')" }, { sql: "INSERT INTO notes (body) VALUES (NULL)" }] }));
  assert.is(failed.status, 400);
  assert.ok(failed.hasCode(CODE.d1Query));
  assert.match(failed.message, /NOT NULL constraint failed: notes\.body/);

  const results = await queryD1<{ body: string }>(api, platform.accountId, ids.d1, { batch: [{ sql: "INSERT INTO notes (body) VALUES ('second')" }, { sql: "SELECT body FROM notes ORDER BY id" }] });
  assert.equal(results[1].results, [{ body: "first" }, { body: "second" }]);
});

test("KV values and R2 objects travel raw; a missing one answers 404", async () => {
  const kvValue = `/accounts/${platform.accountId}/storage/kv/namespaces/${ids.kv}/values/${encodeURIComponent("greeting")}`;
  await api.request("PUT", kvValue, { body: "hi from KV" });
  assert.is(await (await api.request<Response>("GET", kvValue, { raw: true })).text(), "hi from KV");
  assert.is((await api.request<Response>("GET", `${kvValue}-missing`, { raw: true })).status, 404);
  const keys = await api.get<{ name: string }[]>(`/accounts/${platform.accountId}/storage/kv/namespaces/${ids.kv}/keys`, { prefix: "gr" });
  assert.equal(keys.map((key) => key.name), ["greeting"]);

  const object = `/accounts/${platform.accountId}/r2/buckets/shop-files/objects/${encodeURIComponent("docs/readme.txt")}`;
  await api.request("PUT", object, { body: new Blob(["read me"], { type: "text/markdown" }) });
  const fetched = await api.request<Response>("GET", object, { raw: true });
  assert.equal([fetched.headers.get("content-type"), await fetched.text()], ["text/markdown", "read me"]);
  const listed = await api.get<{ key: string; size: number }[]>(`/accounts/${platform.accountId}/r2/buckets/shop-files/objects`, { prefix: "docs/" });
  assert.equal(listed.map(({ key, size }) => [key, size]), [["docs/readme.txt", 7]]);
});

test("assets: the session names the missing hashes in buckets; the last bucket answers the completion token; known files are not asked for again", async () => {
  const files: Record<string, string> = { "/hello.txt": "hello asset", "/robots.txt": "User-agent: *", "/css/site.css": "body{}" };
  const hashOf = (file: string) => `${Buffer.from(file).toString("hex").padEnd(32, "0").slice(0, 32)}`;
  const manifest: AssetManifest = Object.fromEntries(Object.entries(files).map(([file, content]) => [file, { hash: hashOf(file), size: content.length }]));
  const session = await startAssetsUpload(api, platform.accountId, WORKER, manifest);
  assert.equal(session.buckets.map((bucket) => bucket.length), [2, 1]);
  const byHash = Object.fromEntries(Object.entries(files).map(([file, content]) => [hashOf(file), content]));

  assert.ok((await refusal(uploadAssetsBucket(api, platform.accountId, platform.token, {}))).hasCode(CODE.assetsSessionUnauthorized), "the API token is not the session's JWT");
  const answers = [];
  for (const bucket of session.buckets) {
    answers.push(await uploadAssetsBucket(api, platform.accountId, session.jwt, Object.fromEntries(bucket.map((hash) => [hash, { base64: Buffer.from(byHash[hash]).toString("base64"), contentType: "text/plain" }]))));
  }
  assert.is(answers[0].jwt, undefined);
  assert.ok(answers[1].jwt);
  const again = await startAssetsUpload(api, platform.accountId, WORKER, manifest);
  assert.equal(again.buckets, []);
  ids.assetsJwt = again.jwt;
});

test("a script that does not exist answers 404 with code 10007, secrets included", async () => {
  assert.is(await findScript(api, platform.accountId, WORKER), undefined);
  assert.ok((await refusal(listSecrets(api, platform.accountId, WORKER))).hasCode(CODE.scriptNotFound));
  assert.ok((await refusal(putSecret(api, platform.accountId, WORKER, { name: "API_KEY", text: "not yet" }))).hasCode(CODE.scriptNotFound));
});

test("upload validation: a binding to a missing resource, cpu_ms over the plan, a worker that throws at startup", async () => {
  const missingDb = await refusal(uploadAndDeploy(api, platform.accountId, WORKER, workerForm(metadata({ bindings: [{ type: "d1", name: "DB", id: "no-such-db" }] }), modules("r1"))));
  assert.ok(missingDb.hasCode(CODE.invalidWorker));
  assert.match(missingDb.message, /binding DB \(d1\).*no-such-db/);

  const cpu = await refusal(uploadAndDeploy(api, platform.accountId, WORKER, workerForm(metadata({ limits: { cpu_ms: 50 } }), modules("r1"))));
  assert.ok(cpu.hasCode(CODE.cpuLimitOverPlan));
  assert.match(cpu.message, /ceiling of 10 ms/);

  const throwing = await refusal(uploadAndDeploy(api, platform.accountId, WORKER, workerForm({ main_module: "index.mjs", compatibility_date: "2025-04-01" }, { "index.mjs": 'throw new Error("broken at startup");\nexport default {};\n' })));
  assert.ok(throwing.hasCode(CODE.invalidWorker));
  assert.match(throwing.message, /broken at startup/);
  assert.not.ok(platform.state.scripts.has(WORKER), "a refused upload leaves nothing behind");
});

test("a direct upload applies its migration and deploys; the worker runs with every binding on the data the API wrote", async () => {
  const uploaded = await uploadAndDeploy(api, platform.accountId, WORKER, workerForm(metadata({ migrations: { new_tag: "v1", new_sqlite_classes: ["Counter"] } }), modules("release 1")));
  assert.equal(Object.keys(uploaded).sort(), ["created_on", "etag", "has_modules", "id", "modified_on", "startup_time_ms"], "the script's settings; no version id");
  ids.firstVersion = (await listDeployments(api, platform.accountId, WORKER))[0].versions[0].version_id;
  assert.is((await findScript(api, platform.accountId, WORKER))?.migration_tag, "v1");
  assert.is((await page(HOST, "/")).status, 404, "workers.dev is off until enabled");
  await setWorkersDev(api, platform.accountId, WORKER, bothOn);

  assert.equal(await page(HOST, "/"), { status: 200, text: "release 1" });
  assert.is((await page(HOST, "/url")).text, `https://${HOST}/url`);
  assert.equal(JSON.parse((await page(HOST, "/notes")).text), [{ body: "first" }, { body: "second" }]);
  assert.is((await page(HOST, "/kv")).text, "hi from KV");
  const r2 = await platform.workersDevFetch(HOST, "/r2");
  assert.equal([r2.headers.get("content-type"), await r2.text()], ["text/markdown", "read me"]);
  assert.equal(JSON.parse((await page(HOST, "/env")).text), { greeting: "hello", limits: { max: 3 }, secret: null, email: "function", assets: "function" });
  assert.equal(await page(HOST, "/hello.txt"), { status: 200, text: "hello asset" });
  assert.is((await page(HOST, "/count")).text, "1");
  assert.is((await page(HOST, "/count")).text, "2");

  await queryD1(api, platform.accountId, ids.d1, { sql: "INSERT INTO notes (body) VALUES ('third')" });
  assert.equal(JSON.parse((await page(HOST, "/notes")).text).at(-1), { body: "third" }, "what /query writes, the deployed worker reads");
});

test("secrets: put on a deployed worker makes a new deployed version with it; only names are listed; the value is in one request only", async () => {
  const deploymentsBefore = (await listDeployments(api, platform.accountId, WORKER)).length;
  await putSecret(api, platform.accountId, WORKER, { name: "API_KEY", text: SECRET });
  assert.equal(await listSecrets(api, platform.accountId, WORKER), [{ name: "API_KEY", type: "secret_text" }]);
  assert.is((await listDeployments(api, platform.accountId, WORKER)).length, deploymentsBefore + 1);
  assert.is(JSON.parse((await page(HOST, "/env")).text).secret, SECRET);
  assert.is((await page(HOST, "/count")).text, "3", "Durable Object state outlives the new version");

  const carrying = platform.requests.filter((request) => request.bodyText.includes(SECRET) || JSON.stringify(request.headers).includes(SECRET));
  assert.equal(carrying.map((request) => `${request.method} ${request.path}`), [`PUT /accounts/${platform.accountId}/workers/scripts/${WORKER}/secrets`]);
});

test("a version upload gets no traffic; a worker with durable state has no preview URL (has_preview: false); then it is deployed", async () => {
  const version = await uploadVersion(api, platform.accountId, WORKER, workerForm(metadata(), modules("release 2")));
  assert.is(hasPreview(version), false);
  assert.is(version.metadata?.has_preview, false);
  assert.ok(version.startup_time_ms !== undefined, "the platform started the version");
  assert.equal(await page(HOST, "/"), { status: 200, text: "release 1" });
  assert.is((await page(`${version.id.slice(0, 8)}-${HOST}`, "/")).status, 404);

  const notDeployed = await refusal(putSecret(api, platform.accountId, WORKER, { name: "OTHER", text: "x" }));
  assert.ok(notDeployed.hasCode(CODE.latestVersionNotDeployed), "a secret edit needs the latest version deployed");

  await deployVersion(api, platform.accountId, WORKER, version.id, "ship release 2");
  assert.equal(await page(HOST, "/"), { status: 200, text: "release 2" });
  const [newest] = await listDeployments(api, platform.accountId, WORKER);
  assert.equal(newest.versions, [{ version_id: version.id, percentage: 100 }]);

  const deployments = `/accounts/${platform.accountId}/workers/scripts/${WORKER}/deployments`;
  const short = await refusal(api.request("POST", deployments, { json: { strategy: "percentage", versions: [{ version_id: version.id, percentage: 50 }] } }));
  assert.ok(short.hasCode(CODE.invalidDeployment));
  await api.request("POST", deployments, { json: { strategy: "percentage", versions: [{ version_id: ids.firstVersion, percentage: 50 }, { version_id: version.id, percentage: 50 }] } });
  const seen = new Set<string>();
  for (let attempt = 0; attempt < 24; attempt++) seen.add((await page(HOST, "/")).text);
  assert.equal([...seen].sort(), ["release 1", "release 2"], "a split deployment sends requests to both versions");
  await deployVersion(api, platform.accountId, WORKER, version.id, "all on release 2");
});

test("preview URLs: a version of a worker without durable state runs at its preview host while production keeps the deployed one", async () => {
  const blog = "blog";
  const host = `${blog}.acme.workers.dev`;
  const form = (release: string) => workerForm({ main_module: "index.mjs", compatibility_date: "2025-04-01", keep_bindings: ["secret_text"] }, { "index.mjs": `export default { fetch: (request, env) => new Response(${JSON.stringify(release)} + " " + (env.API_KEY ?? "-")) };\n` });
  await uploadAndDeploy(api, platform.accountId, blog, form("blog 1"));
  const first = (await listDeployments(api, platform.accountId, blog))[0].versions[0].version_id;
  await setWorkersDev(api, platform.accountId, blog, bothOn);
  await putSecret(api, platform.accountId, blog, { name: "API_KEY", text: "k" });
  const version = await uploadVersion(api, platform.accountId, blog, form("blog 2"));
  assert.is(hasPreview(version), true);
  const preview = `${version.id.slice(0, 8)}-${host}`;
  assert.equal(await page(host, "/"), { status: 200, text: "blog 1 k" });
  assert.equal(await page(preview, "/"), { status: 200, text: "blog 2 k" }, "keep_bindings carried the secret into the version");
  assert.equal(await page(`${first.slice(0, 8)}-${host}`, "/"), { status: 200, text: "blog 1 -" }, "an older version's preview still runs it");

  platform.failReadiness(blog);
  assert.is((await page(preview, "/")).status, 503);
  platform.failReadiness(blog, false);
  await setWorkersDev(api, platform.accountId, blog, { enabled: true, previews_enabled: false });
  assert.is((await page(preview, "/")).status, 404, "preview URLs off");
});

test("migrations: the published schema has none on a version upload, which is refused as not conforming; old_tag must be the script's tag (10079)", async () => {
  const migrating = await refusal(uploadVersion(api, platform.accountId, WORKER, workerForm(metadata({ migrations: { old_tag: "v1", new_tag: "v2", new_sqlite_classes: ["Other"] } }), modules("release 2"))));
  assert.ok(migrating.hasCode(CODE.standInFailure));
  assert.match(migrating.message, /the metadata part has field migrations, which the published schema does not name/);
  assert.equal(platform.violations.splice(0), [`POST /accounts/{account_id}/workers/scripts/{script_name}/versions: the metadata part has field migrations, which the published schema does not name`]);

  const stale = await refusal(uploadAndDeploy(api, platform.accountId, WORKER, workerForm(metadata({ migrations: { old_tag: "v0", new_tag: "v2", new_sqlite_classes: ["Other"] } }), modules("release 3"))));
  assert.ok(stale.hasCode(CODE.migrationTagMismatch));
  assert.match(stale.message, /current tag is v1/);
});

test("queues: a consumer needs the script; the deployed worker consumes what it produces", async () => {
  assert.ok((await refusal(addQueueConsumer(api, platform.accountId, ids.queue, { script_name: "nobody", settings: {} }))).hasCode(CODE.scriptNotFound));
  await addQueueConsumer(api, platform.accountId, ids.queue, { script_name: WORKER, settings: { batch_size: 1 } });
  const listed = (await findQueue(api, platform.accountId, "shop-jobs"))!.consumers!;
  assert.equal(listed.map((consumer) => [consumer.script, consumer.script_name, consumerWorker(consumer)]), [[WORKER, undefined, WORKER]], "the list names the worker as script");
  assert.ok((await refusal(addQueueConsumer(api, platform.accountId, ids.queue, { script_name: WORKER, settings: {} }))).hasCode(CODE.queueHasConsumer));

  assert.is((await page(HOST, "/enqueue?job=resize")).text, "queued");
  const kvConsumed = `/accounts/${platform.accountId}/storage/kv/namespaces/${ids.kv}/values/consumed`;
  const consumed = await waitFor("the consumer's write", async () => {
    const response = await api.request<Response>("GET", kvConsumed, { raw: true });
    return response.status === 200 ? response.text() : undefined;
  });
  assert.equal(JSON.parse(consumed), { job: "resize" });
  await putSchedules(api, platform.accountId, WORKER, ["*/5 * * * *"]);
  assert.equal(platform.state.scripts.get(WORKER)!.schedules, [{ cron: "*/5 * * * *" }]);
});

test("workers.dev: a script with no deployment answers 503 with a body; an unknown host 404", async () => {
  const draft = await uploadVersion(api, platform.accountId, "draft", workerForm({ main_module: "index.mjs", compatibility_date: "2025-04-01" }, { "index.mjs": "export default { fetch: () => new Response('draft') };\n" }));
  const draftPreview = `${draft.id.slice(0, 8)}-draft.acme.workers.dev`;
  assert.is((await page(draftPreview, "/")).status, 404, "previews are off until enabled");
  await setWorkersDev(api, platform.accountId, "draft", bothOn);
  const undeployed = await page("draft.acme.workers.dev", "/");
  assert.is(undeployed.status, 503);
  assert.match(undeployed.text, /no deployment/);
  assert.equal(await page(draftPreview, "/"), { status: 200, text: "draft" });
  assert.is((await page("nobody.acme.workers.dev", "/")).status, 404);
  assert.is((await page(`${WORKER}.other.workers.dev`, "/")).status, 404);
});

test("zones and mail: enabling is refused over another provider's MX, ready otherwise, or left unconfigured when told", async () => {
  const elsewhere = platform.addZone({ name: "elsewhere.test", mx: [{ content: "mx1.other-mail.test", priority: 10 }] });
  const shop = platform.addZone({ name: "shop.test" });
  const slow = platform.addZone({ name: "slow.test", routingStaysUnconfigured: true });
  assert.equal((await listZones(api, platform.accountId)).map((zone) => zone.name), ["elsewhere.test", "shop.test", "slow.test"]);
  assert.equal((await mxRecords(api, elsewhere.id)).map(({ content, priority }) => [content, priority]), [["mx1.other-mail.test", 10]]);
  assert.ok((await refusal(enableEmailRouting(api, elsewhere.id))).hasCode(CODE.foreignMxRecords));

  assert.equal(await emailRouting(api, shop.id), { name: "shop.test", enabled: false, status: "unconfigured" });
  assert.is((await enableEmailRouting(api, shop.id)).status, "ready");
  assert.ok((await mxRecords(api, shop.id)).every((record) => record.content.endsWith(".mx.cloudflare.net")));
  assert.is((await enableEmailRouting(api, slow.id)).status, "unconfigured");
  await routeCatchAllToWorker(api, shop.id, WORKER);
  assert.equal((platform.state.zones.get(shop.id)!.catchAll as { actions: unknown }).actions, [{ type: "worker", value: [WORKER] }]);
});

test("failNext: the next matching request answers the injected error, once; every request is recorded with its raw body", async () => {
  platform.failNext("POST", "/accounts/:a/workers/scripts/:name/versions", { status: 500, code: 10013, message: "try again later" });
  const failed = await refusal(uploadVersion(api, platform.accountId, WORKER, workerForm(metadata(), modules("release 3"))));
  assert.equal([failed.status, failed.errors], [500, [{ code: 10013, message: "try again later" }]]);
  await uploadVersion(api, platform.accountId, WORKER, workerForm(metadata(), modules("release 3")));

  const uploads = platform.requests.filter((request) => request.method === "POST" && request.path === `/accounts/${platform.accountId}/workers/scripts/${WORKER}/versions`);
  assert.ok(uploads.length >= 3);
  assert.match(uploads.at(-1)!.bodyText, /name="metadata"/);
  assert.match(uploads.at(-1)!.bodyText, /release 3/);
  assert.is(uploads.at(-1)!.headers.authorization, `Bearer ${platform.token}`);
  assert.equal(platform.requests.find((request) => request.path.endsWith("/keys"))!.query, { prefix: "gr" });
});

/** workerd processes this test process started (Miniflare spawns workerd itself). */
function workerdChildren(): string[] {
  return readdirSync("/proc").filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const parent = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1];
      return command === "workerd" && parent === String(process.pid);
    } catch {
      return false;
    }
  });
}

test("containers: Edit on both container groups; the paid plan, one of the account's namespaces and the account's own registry; paged by token; a rollout changes the image", async () => {
  const account = platform.accountId;
  const denied = await refusal(findApplication(api, account, "runner"));
  assert.equal([denied.status, denied.hasCode(CODE.authenticationError)], [403, true], "the default token has no container group");
  assert.is((await refusal(registryCredentials(api, account))).status, 403);

  const containers = new PlatformApi(BILLING_TOKEN, platform.baseUrl);
  const deployed = (await listDeployments(api, account, WORKER))[0].versions[0].version_id;
  const counter = (await versionDetail(containers, account, WORKER, deployed)) as unknown as { resources: { bindings: { class_name?: string; namespace_id?: string }[] } };
  const namespaceId = counter.resources.bindings.find((binding) => binding.class_name === "Counter")?.namespace_id;
  assert.match(namespaceId ?? "", /^[0-9a-f]{32}$/, "the version detail names the class's namespace");
  const image = (owner: string, fill: string) => `registry.cloudflare.com/${owner}/sandbox@sha256:${fill.repeat(64)}`;
  const application = (name: string, overrides: object = {}) => ({ name, scheduling_policy: "default" as const, configuration: { image: image(account, "a"), instance_type: "lite" }, instances: 0 as const, max_instances: 2, durable_objects: { namespace_id: namespaceId! }, ...overrides });

  assert.is((await refusal(createApplication(containers, account, application("runner")))).status, 403, "containers need the paid plan");
  platform.setPlan("paid");
  assert.match((await refusal(createApplication(containers, account, application("runner", { durable_objects: { namespace_id: "f".repeat(32) } })))).message, /not a durable-object namespace of this account/);
  assert.match((await refusal(createApplication(containers, account, application("runner", { configuration: { image: image("0".repeat(32), "a") } })))).message, /this account cannot pull/);
  assert.match((await refusal(createApplication(containers, account, application("runner", { configuration: { image: image(account, "a"), instance_type: "huge" } })))).message, /does not conform/, "the instance type is one the official types name");
  assert.ok(platform.violations.splice(0).some((problem) => problem.includes("/configuration/instance_type")));

  const names = Array.from({ length: 22 }, (_, index) => `runner-${index}`);
  for (const name of names) await createApplication(containers, account, application(name));
  assert.is((await refusal(createApplication(containers, account, application("runner-0")))).status, 409);
  const list = `/accounts/${account}/containers/applications`;
  const first = await containers.page<{ name: string }[]>(list);
  assert.equal([first.result.length, (first.info as { next_page_token?: string }).next_page_token], [20, "20"]);
  const second = await containers.page<{ name: string }[]>(list, { page_token: "20" });
  assert.equal([second.result.map((item) => item.name), (second.info as { next_page_token?: string }).next_page_token], [["runner-20", "runner-21"], undefined]);
  const last = await findApplication(containers, account, "runner-21");
  assert.ok(last);

  await rollOut(containers, account, last!.id, { image: image(account, "b"), instance_type: "lite" });
  assert.is((await findApplication(containers, account, "runner-21"))?.configuration?.image, image(account, "b"));
  const credentials = await registryCredentials(containers, account);
  assert.equal([credentials.registry_host, typeof credentials.password], ["registry.cloudflare.com", "string"]);
  for (const name of names) await deleteApplication(containers, account, (await findApplication(containers, account, name))!.id);
  assert.is(platform.state.containers.size, 0);
  platform.setPlan("free");
});

test("deleting a worker: one with durable objects only with force; the official SDK's call (no body) conforms", async () => {
  const remove = (name: string, force?: boolean) => api.request("DELETE", `/accounts/${platform.accountId}/workers/scripts/${name}`, { query: { force: force === undefined ? undefined : String(force) } });
  assert.match((await refusal(remove(WORKER))).message, /Durable Object classes \(Counter\).*force=true/);
  await uploadAndDeploy(api, platform.accountId, "doomed", workerForm({ main_module: "index.mjs", compatibility_date: "2025-04-01" }, { "index.mjs": "export default { fetch() { return new Response('x'); } };" }));
  await remove("doomed", true);
  assert.is(await findScript(api, platform.accountId, "doomed"), undefined);
  assert.is((await refusal(remove("doomed"))).status, 404);
});

test("every request above and every answer conformed to Cloudflare's published API", () => {
  assert.equal(platform.violations, []);
});

test("close() stops workerd and the server and removes the stand-in's folder", async () => {
  assert.ok(workerdChildren().length > 0, "workerd runs while the stand-in is up");
  assert.ok(existsSync(platform.dir));
  await platform.close();
  await platform.close();
  assert.not.ok(existsSync(platform.dir));
  await waitFor("workerd to exit", async () => (workerdChildren().length === 0 ? true : undefined));
  assert.is((await refusal(verifyToken(api))).status, 0, "the server is gone");
});

test.run();
