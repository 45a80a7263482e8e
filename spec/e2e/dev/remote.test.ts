/**
 * `sdk dev` in remote mode (SDK_REMOTE=1), as a user runs it after `sdk account login`,
 * `sdk project link` and a deploy: the app's DB, KV and STORAGE bindings are the deployed
 * resources, reached through the platform's API (here the stand-in, which this process runs, so
 * the CLI is only ever spawned asynchronously). Writes through the dev server land in the
 * platform's data and reads return it; the token is written nowhere. Without a login or a link
 * the mode cannot be used, and says what is missing.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { writeCredentials } from "../../../cli/platform/credentials.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { startPlatformApi, type PlatformApiStandIn } from "../../helpers/platform-api/index.ts";
import { copyFixture, runSdkAsync } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";
import { freePort } from "../../helpers/spawn-server.ts";
import { waitFor } from "../../helpers/wait-for.ts";
import { withServer } from "../../helpers/e2e/targets.ts";

/** The fixture's worker name (its package name), which its R2 bucket is named after. */
const WORKER = "remote-dev";

let api: PlatformApiStandIn;

async function call(method: string, apiPath: string, body?: string | object, contentType = "text/plain"): Promise<Response> {
  const json = typeof body === "object";
  const response = await fetch(`${api.baseUrl}/accounts/${api.accountId}${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${api.token}`, ...(body !== undefined && { "content-type": json ? "application/json" : contentType }) },
    body: json ? JSON.stringify(body) : body,
  });
  if (!response.ok && response.status !== 404) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return response;
}

const result = async <T>(response: Promise<Response>): Promise<T> => ((await (await response).json()) as { result: T }).result;

/** What `sdk deploy` would have provisioned, with data already in it. */
async function deployedResources(): Promise<{ databaseId: string; namespaceId: string }> {
  const { uuid: databaseId } = await result<{ uuid: string }>(call("POST", "/d1/database", { name: WORKER }));
  await call("POST", `/d1/database/${databaseId}/query`, {
    batch: [{ sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL)" }, { sql: "INSERT INTO notes (body) VALUES (?)", params: ["deployed note"] }],
  });
  const { id: namespaceId } = await result<{ id: string }>(call("POST", "/storage/kv/namespaces", { title: `${WORKER}-KV` }));
  await call("PUT", `/storage/kv/namespaces/${namespaceId}/values/seeded`, "deployed value");
  await call("POST", "/r2/buckets", { name: WORKER });
  await call("PUT", `/r2/buckets/${WORKER}/objects/seeded.txt`, "deployed file");
  return { databaseId, namespaceId };
}

/** A fixture copy as a deployed, linked project looks: the lock's resolved ids and .sdk/link.json. */
function linkedProject(ids: { databaseId: string; namespaceId: string }): string {
  const root = copyFixture("fixtures", "remote-dev");
  const resolved = {
    d1_databases: [{ binding: "DB", database_name: WORKER, database_id: ids.databaseId, preview_database_id: "local-DB" }],
    kv_namespaces: [{ binding: "KV", id: ids.namespaceId, preview_id: "local-KV" }],
  };
  writeFileSync(path.join(root, "sdk.lock.json"), `${JSON.stringify({ resolved }, null, 2)}\n`);
  mkdirSync(path.join(root, ".sdk"), { recursive: true });
  writeFileSync(path.join(root, ".sdk", "link.json"), JSON.stringify({ accountId: api.accountId, workerName: WORKER, linkedAt: new Date().toISOString() }));
  return root;
}

/** `sdk account login`'s credentials file, in a config home of the test's own. */
function loggedIn(): string {
  const configHome = scratchDir("remote-config");
  writeCredentials({ token: api.token, accountId: api.accountId, accountName: "Stand-in Account", savedAt: new Date().toISOString() }, { SDK_CONFIG_HOME: configHome });
  return configHome;
}

/** Every file of the project sdk dev may have written to, outside node_modules. */
function projectFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : projectFiles(full);
    return [full];
  });
}

test.before(async () => {
  api = await startPlatformApi();
});

test.after(async () => {
  await api?.close();
});

test("SDK_REMOTE=1: DB, KV and STORAGE are the deployed ones; writes land in the platform's data, reads return it", async () => {
  const ids = await deployedResources();
  const root = linkedProject(ids);
  const env = { SDK_REMOTE: "1", SDK_CONFIG_HOME: loggedIn(), SDK_API_BASE_URL: api.baseUrl };
  await withServer(() => startDev(root, [], env), async (server) => {
    // The banner's lines after Local: may arrive a moment after it.
    const banner = await waitFor("the remote mode line", async () => (/press h/.test(server.output()) ? server.output() : undefined));
    assert.match(banner, /Remote:.*DB.*\(D1\), KV.*\(KV\), STORAGE.*\(R2\) of remote-dev, deployed/);
    assert.match(banner, "writes change the deployed project's real data; other bindings stay local");

    assert.equal(await (await fetch(`${server.url}/api/notes`)).json(), [{ id: 1, body: "deployed note" }]);
    assert.is((await fetch(`${server.url}/api/notes`, { method: "POST", body: "written in dev" })).status, 201);
    const rows = await result<{ results: unknown[] }[]>(call("POST", `/d1/database/${ids.databaseId}/query`, { sql: "SELECT body FROM notes ORDER BY id" }));
    assert.equal(rows[0].results, [{ body: "deployed note" }, { body: "written in dev" }]);

    assert.is(await (await fetch(`${server.url}/api/kv/seeded`)).text(), "deployed value");
    assert.is((await fetch(`${server.url}/api/kv/from-dev`, { method: "PUT", body: "dev value" })).status, 204);
    assert.is(await (await call("GET", `/storage/kv/namespaces/${ids.namespaceId}/values/from-dev`)).text(), "dev value");

    assert.is(await (await fetch(`${server.url}/api/files/seeded.txt`)).text(), "deployed file");
    assert.is((await fetch(`${server.url}/api/files/dev.txt`, { method: "PUT", headers: { "content-type": "text/plain" }, body: "in r2" })).status, 201);
    const stored = await call("GET", `/r2/buckets/${WORKER}/objects/dev.txt`);
    assert.equal([stored.headers.get("content-type"), await stored.text()], ["text/plain", "in r2"]);

    assert.not.match(server.output(), api.token);
  });
  const holding = projectFiles(root).filter((file) => readFileSync(file).includes(api.token));
  assert.equal(holding, [], "the token is in no file of the project");
});

test("without a login or a link: one error says what is missing and how to fix each, and nothing starts", async () => {
  const root = copyFixture("fixtures", "remote-dev");
  const port = String(await freePort());
  const run = await runSdkAsync(["dev", "--root", root, "--port", port], { env: { SDK_REMOTE: "1", SDK_CONFIG_HOME: scratchDir("remote-config"), SDK_API_BASE_URL: api.baseUrl } });
  assert.is(run.code, 1, run.stdout + run.stderr);
  const output = run.stdout + run.stderr;
  assert.match(output, "SDK_REMOTE_UNAVAILABLE");
  assert.match(output, "remote mode (SDK_REMOTE=1) cannot be used: sdk is not logged in; this folder is not linked to a project on the platform; binding DB has no deployed D1 database yet; binding KV has no deployed KV namespace yet");
  assert.match(output, "run sdk account login (or set SDK_API_TOKEN), then run sdk project link, then run sdk deploy once");
  assert.not.match(output, /\n\s+at /);
  assert.not.match(output, "Local:");
});

test("on another target remote mode is refused: its resources are the edge platform's bindings", async () => {
  const root = copyFixture("fixtures", "e2e-api");
  const port = String(await freePort());
  const run = await runSdkAsync(["dev", "--root", root, "--port", port, "--target", "node"], { env: { SDK_REMOTE: "1" } });
  assert.is(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stdout + run.stderr, "SDK_REMOTE_EDGE_ONLY");
});

test.run();
