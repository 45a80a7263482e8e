/**
 * The stand-in's check against Cloudflare's published API (spec/helpers/platform-api/
 * conformance.ts): the vendored subset names its source commit and covers every operation the
 * extraction script lists (the ones it predates from the supplement); the extraction keeps an
 * operation's referenced components and drops examples; a request with a query parameter, body
 * field or metadata field the schema does not name is a mismatch unless lags.ts allows it; an
 * answer with a field the schema does not name (the upload's `version_id`) is one too.
 */
import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { extractSubset, OPERATIONS } from "../../../scripts/openapi-subset.mjs";
import { Conformance } from "./conformance.ts";

const read = (file: string) => JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), "utf8"));
const subset = read("openapi-subset.json");
const supplement = read("openapi-supplement.json");
const conformance = new Conformance();
const ACCOUNT = "0123456789abcdef0123456789abcdef";

async function problems(method: string, path: string, query: string, body?: { type: string; bytes: Buffer }): Promise<string[]> {
  const found = conformance.find(method, path);
  assert.ok(found, `${method} ${path} is an operation`);
  return conformance.checkRequest(found!.operation, found!.params, new URLSearchParams(query), body?.type, body?.bytes ?? Buffer.alloc(0));
}

const json = (value: unknown) => ({ type: "application/json", bytes: Buffer.from(JSON.stringify(value)) });

async function upload(metadata: object): Promise<{ type: string; bytes: Buffer }> {
  const form = new FormData();
  form.append("metadata", new Blob([JSON.stringify({ main_module: "index.mjs", ...metadata })], { type: "application/json" }));
  form.append("index.mjs", new Blob(["export default {}"], { type: "application/javascript+module" }), "index.mjs");
  const request = new Request("http://x.invalid/", { method: "POST", body: form });
  return { type: request.headers.get("content-type")!, bytes: Buffer.from(await request.arrayBuffer()) };
}

test("the subset names its pinned source, and every operation sdk uses is in it or in the supplement", () => {
  assert.match(subset["x-source"].commit, /^[0-9a-f]{40}$/);
  assert.is(subset["x-source"].repository, "https://github.com/cloudflare/api-schemas");
  const shape = (template: string) => template.replace(/\{[^}]+\}/g, "{}");
  const have = new Set([subset, supplement].flatMap((document) => Object.entries(document.paths as Record<string, object>).flatMap(([template, item]) => Object.keys(item).filter((method) => method !== "parameters").map((method) => `${method.toUpperCase()} ${shape(template)}`))));
  assert.equal(OPERATIONS.filter((operation: string) => !have.has(operation)), []);
  assert.ok(subset["x-missing"].every((operation: string) => have.has(operation)));
});

test("the extraction keeps the operation and what it references, drops examples, and lists what the source lacks", () => {
  const source = {
    openapi: "3.0.3",
    info: { version: "4.0.0" },
    paths: { "/accounts/{account_id}/queues": { get: { responses: { "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/list" } } } }, "4XX": {} } } }, "/unused": { get: {} } },
    components: { schemas: { list: { type: "array", items: { $ref: "#/components/schemas/queue" }, example: [1] }, queue: { type: "object", description: "a queue" }, unrelated: { type: "string" } } },
  };
  const extracted = extractSubset(source, { commit: "c".repeat(40) });
  assert.equal(Object.keys(extracted.paths), ["/accounts/{account_id}/queues"]);
  assert.equal(Object.keys(extracted.paths["/accounts/{account_id}/queues"].get.responses), ["200"]);
  assert.equal(extracted.components, { schemas: { list: { type: "array", items: { $ref: "#/components/schemas/queue" } }, queue: { type: "object" } } });
  assert.ok(extracted["x-missing"].includes("GET /accounts"));
});

test("a query parameter the operation does not take, or out of its bounds, is a mismatch", async () => {
  const namespaces = `/accounts/${ACCOUNT}/storage/kv/namespaces`;
  assert.equal(await problems("GET", namespaces, "page=2&per_page=100"), []);
  const found = await problems("GET", namespaces, "per_page=500&limit=3");
  assert.ok(found.some((problem) => /per_page must be <= 100/.test(problem)));
  assert.ok(found.some((problem) => /query parameter limit is not one the operation takes/.test(problem)));
  assert.equal(await problems("GET", `/accounts/${ACCOUNT}/queues`, "page=2&name=jobs"), [], "lags.ts allows what wrangler's listQueues sends");
});

test("a body field or metadata field the schema does not name is a mismatch, unless lags.ts allows it", async () => {
  const deployments = `/accounts/${ACCOUNT}/workers/scripts/shop/deployments`;
  const deployment = { strategy: "percentage", versions: [{ version_id: "a", percentage: 100 }] };
  assert.equal(await problems("POST", deployments, "", json(deployment)), []);
  const extra = await problems("POST", deployments, "", json({ ...deployment, annotations: { "workers/message": "x".repeat(51) }, force_all: true }));
  assert.ok(extra.some((problem) => /must NOT have more than 50 characters/.test(problem)));
  assert.ok(extra.some((problem) => /the body has field force_all/.test(problem)));

  const versions = `/accounts/${ACCOUNT}/workers/scripts/shop/versions`;
  assert.equal(await problems("POST", versions, "", await upload({ assets: { jwt: "j" }, limits: { cpu_ms: 10 }, annotations: { "workers/message": "m" } })), [], "assets and limits, as wrangler sends them");
  assert.ok((await problems("POST", versions, "", await upload({ migrations: { new_tag: "v1" } }))).some((problem) => /the metadata part has field migrations/.test(problem)));
});

test("each uploaded binding is held to the official SDK's type of its kind, except where lags.ts allows what wrangler sends", async () => {
  const versions = `/accounts/${ACCOUNT}/workers/scripts/shop/versions`;
  const sent = (bindings: object[]) => upload({ bindings });
  assert.equal(await problems("POST", versions, "", await sent([{ type: "d1", name: "DB", id: "d" }, { type: "analytics_engine", name: "EVENTS" }, { type: "service", name: "AUTH", service: "auth", entrypoint: "Api" }])), []);
  const found = await problems("POST", versions, "", await sent([{ type: "kv_namespace", name: "KV" }, { type: "queue", name: "Q", queue_name: "q", queue: "q" }, { type: "kv_namespaces", name: "X" }]));
  assert.equal(found.map((problem) => problem.replace(/^POST \S+: /, "")), [
    "the metadata part's bindings[0] (kv_namespace KV): required field namespace_id is missing",
    "the metadata part's bindings[1] (queue Q): field queue is not in the official SDK's type",
    "the metadata part's bindings[2] (kv_namespaces X): no binding kind of that type in the official SDK's types",
  ]);
});

test("an answer is checked against the schema's: the script upload answers no version_id", () => {
  const { operation } = conformance.find("PUT", `/accounts/${ACCOUNT}/workers/scripts/shop`)!;
  const envelope = (result: object) => ({ success: true, errors: [], messages: [], result });
  assert.equal(conformance.checkAnswer(operation, 200, envelope({ id: "shop", etag: "e", startup_time_ms: 3 })), []);
  assert.ok(conformance.checkAnswer(operation, 200, envelope({ id: "shop", version_id: "v" })).some((problem) => /field version_id, which the published schema does not name/.test(problem)));
});

test.run();
