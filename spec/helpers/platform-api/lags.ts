/**
 * Where Cloudflare's published schema (openapi-subset.json, pinned in its `x-source`) lags what
 * the API takes and answers, each allowance named with the wrangler code that relies on it
 * (github.com/cloudflare/workers-sdk, packages/wrangler/src/…), so a new field is never allowed
 * silently: conformance.ts refuses any field or query parameter not listed here or in the schema.
 */
type Schema = Record<string, unknown>;

/** Metadata fields wrangler's `createWorkerUploadForm` (deployment-bundle/create-worker-upload-form.ts) sends on every upload. */
const UPLOAD_METADATA = [
  // `metadata.assets = { jwt, config }`, the completion token of an assets upload session.
  "assets",
  // `...limits && { limits }`: `limits.cpu_ms`.
  "limits",
  // `...annotations && { annotations }`: `workers/message`, `workers/tag` (the versions schema has them; the script upload's not yet).
  "annotations",
];

const BODY: Record<string, { body?: string[]; metadata?: string[] }> = {
  // `...(observability && { observability })`: the pinned script upload schema predates it.
  "PUT /accounts/{account_id}/workers/scripts/{script_name}": { metadata: [...UPLOAD_METADATA, "observability"] },
  // `...(placement && { placement })`: versions/upload.ts builds its worker with the config's
  // placement, a versioned setting, and the same form; the pinned versions schema lists fewer fields.
  "POST /accounts/{account_id}/workers/scripts/{script_name}/versions": { metadata: [...UPLOAD_METADATA, "placement"] },
  // deploy/deploy.ts's versions path calls `patchNonVersionedScriptSettings`
  // (versions/api.ts, `NonVersionedScriptSettings`) with `observability: worker.observability ?? { enabled: false }`.
  "PATCH /accounts/{account_id}/workers/scripts/{script_name}/script-settings": { body: ["observability"] },
};

const QUERY: Record<string, string[]> = {
  // kv/helpers.ts `putKVKeyValue` sets `expiration` and `expiration_ttl` as query parameters.
  "PUT /accounts/{account_id}/storage/kv/namespaces/{namespace_id}/values/{key_name}": ["expiration", "expiration_ttl"],
  // queues/client.ts `listQueues` sends `page` (and `name`), `listAllQueues` pages with
  // cfetch's `fetchPagedListResult`; the schema lists no parameters for the queue list.
  "GET /accounts/{account_id}/queues": ["page", "per_page", "name"],
  // hyperdrive/client.ts `listConfigs` pages with cfetch's `fetchPagedListResult`, and the official
  // package's ConfigListParams extends V4PagePaginationArrayParams; the schema lists neither.
  "GET /accounts/{account_id}/hyperdrive/configs": ["page", "per_page"],
};

/** The queue list's consumers, as wrangler reads them and the official SDK types them (`Consumer`). */
const QUEUE_CONSUMER = {
  type: "object",
  properties: { consumer_id: { type: "string" }, type: { enum: ["worker", "http_pull"] }, script: { type: "string" }, service: { type: "string" }, environment: { type: "string" }, queue_name: { type: "string" }, dead_letter_queue: { type: "string" }, created_on: { type: "string" }, settings: { type: "object" } },
};

const RESPONSE: Record<string, Schema> = {
  // The pinned schema's settings answer knows only the binding kinds of 2024 (no plain_text,
  // secret_text, send_email ...); the official SDK's ScriptAndVersionSettingEditResponse
  // (cloudflare@7.3.0, resources/workers/scripts/script-and-version-settings.d.ts) types `bindings`
  // as every WorkersBindingKind*, each with a `name` and a `type`, beside `limits` and the dates.
  "PATCH /accounts/{account_id}/workers/scripts/{script_name}/settings": {
    type: "object",
    required: ["success", "errors", "messages", "result"],
    properties: {
      success: { enum: [true] },
      result: {
        type: "object",
        properties: {
          bindings: { type: "array", items: { type: "object", required: ["name", "type"], properties: { name: { type: "string" }, type: { type: "string" } } } },
          compatibility_date: { type: "string" },
          compatibility_flags: { type: "array", items: { type: "string" } },
          limits: { type: "object", properties: { cpu_ms: { type: "integer" } } },
        },
      },
    },
  },
  // The pinned schema types a queue's `consumers` as an object; the API answers a list, which
  // deploy/deploy.ts `updateQueueConsumers` filters (`queue.consumers.filter(c => c.script === … || c.service === …)`).
  "GET /accounts/{account_id}/queues": {
    type: "object",
    required: ["success", "errors", "messages", "result"],
    properties: {
      success: { enum: [true] },
      result: { type: "array", items: { type: "object", required: ["queue_id", "queue_name", "created_on", "modified_on", "consumers"], properties: { queue_id: { type: "string" }, queue_name: { type: "string" }, created_on: { type: "string" }, modified_on: { type: "string" }, producers: { type: "array" }, producers_total_count: { type: "number" }, consumers: { type: "array", items: QUEUE_CONSUMER }, consumers_total_count: { type: "number" } } } },
      result_info: { type: "object", properties: { page: { type: "number" }, per_page: { type: "number" }, count: { type: "number" }, total_count: { type: "number" }, total_pages: { type: "number" } } },
    },
  },
  // r2/helpers/bucket.ts `listR2Buckets` reads `result.buckets` (and the official SDK's
  // BucketListResponse is `{ buckets }`); the pinned schema still has the list as `result` itself.
  "GET /accounts/{account_id}/r2/buckets": {
    type: "object",
    required: ["success", "errors", "messages", "result"],
    properties: {
      success: { enum: [true] },
      result: { type: "object", required: ["buckets"], properties: { buckets: { type: "array", items: { type: "object", required: ["name"], properties: { name: { type: "string" }, creation_date: { type: "string" } } } } } },
      result_info: { type: "object", properties: { cursor: { type: "string" }, per_page: { type: "number" } } },
    },
  },
};

const RAW_BODY = new Set([
  // kv/helpers.ts `putKVKeyValue` sends the value itself as the body when it has no metadata
  // (`body: keyValue.metadata ? asFormData(…) : keyValue.value`); the schema lists only multipart.
  "PUT /accounts/{account_id}/storage/kv/namespaces/{namespace_id}/values/{key_name}",
]);

const BODY_OPTIONAL = new Set([
  // kv/helpers.ts `deleteKVKeyValue` sends none (`{ method: "DELETE" }`); the schema requires one.
  "DELETE /accounts/{account_id}/storage/kv/namespaces/{namespace_id}/values/{key_name}",
  // The official SDK's `workers.scripts.delete` (cloudflare@7.3.0 resources/workers/scripts/scripts.js)
  // sends only the `force` query; scripts/live-deploy.mjs's teardown calls it so.
  "DELETE /accounts/{account_id}/workers/scripts/{script_name}",
]);

/** Whether the operation is called without a body though the schema requires one. */
export const bodyOptional = (operation: string): boolean => BODY_OPTIONAL.has(operation);

/** Whether the operation also takes a raw body of any content type. */
export const takesRawBody = (operation: string): boolean => RAW_BODY.has(operation);

/**
 * A D1 statement, as the official SDK's DatabaseQueryParams types it, except `params`.
 * UNSETTLED, not backed by wrangler (which sends no params): sdk's remote D1 binding
 * (emitters/templates/remote-d1.js.tpl) sends a bound number or null as it is, where both the
 * pinned schema and the official SDK type params as strings. Allowed so `sdk dev --remote` stays
 * testable; whether the API coerces or refuses them is for the live check to settle.
 */
const D1_STATEMENT = { type: "object", required: ["sql"], additionalProperties: false, properties: { sql: { type: "string" }, params: { type: "array", items: { type: ["string", "number", "boolean", "null"] } } } };

const D1_QUERY = { anyOf: [D1_STATEMENT, { type: "object", required: ["batch"], additionalProperties: false, properties: { batch: { type: "array", minItems: 1, items: D1_STATEMENT } } }] };

const REQUEST_BODY: Record<string, Schema> = {
  // The official SDK's DatabaseQueryParams (and DatabaseRawParams) is `D1SingleQuery |
  // MultipleQueries` (`{ batch: [...] }`, one transaction); the pinned schema predates the batch form.
  "POST /accounts/{account_id}/d1/database/{database_id}/query": D1_QUERY,
  "POST /accounts/{account_id}/d1/database/{database_id}/raw": D1_QUERY,
};

/** A JSON body's schema where the pinned one lags, else undefined. */
export const requestOverride = (operation: string): Schema | undefined => REQUEST_BODY[operation];

export const extraBodyFields = (operation: string, where: "body" | "metadata"): string[] => BODY[operation]?.[where] ?? [];

export const extraQuery = (operation: string): string[] => QUERY[operation] ?? [];

/**
 * Query parameters whose value the published schema bounds more tightly than sdk sends it.
 * UNSETTLED, not backed by wrangler: sdk's remote KV binding (emitters/templates/remote-kv.js.tpl)
 * passes a binding's `list({ limit })` through, and the Workers binding takes a limit under 10,
 * which the schema's `limit` (minimum 10) does not. Checked only against the rest of its schema.
 */
const LOOSER_QUERY: Record<string, Record<string, Schema>> = {
  "GET /accounts/{account_id}/storage/kv/namespaces/{namespace_id}/keys": { limit: { type: "number", minimum: 1, maximum: 1000 } },
};

export const queryOverride = (operation: string, parameter: string): Schema | undefined => LOOSER_QUERY[operation]?.[parameter];

export const responseOverride = (operation: string): Schema | undefined => RESPONSE[operation];

const ANSWER: Record<string, string[]> = {
  // routes.ts `getWorkersDevSubdomain` and `registerSubdomain` read `result.subdomain` (the
  // official SDK's SubdomainGetResponse is `{ subdomain }`); the pinned schema names it `name`.
  "GET /accounts/{account_id}/workers/subdomain": ["subdomain"],
  "PUT /accounts/{account_id}/workers/subdomain": ["subdomain"],
  // durable.ts `getMigrationsToUpload` finds the script in this list and reads its `migration_tag`.
  "GET /accounts/{account_id}/workers/scripts": ["migration_tag"],
  // deploy/deploy.ts logs `result.startup_time_ms` after the upload; the official SDK's
  // ScriptUpdateResponse has it (required) and `has_modules`.
  "PUT /accounts/{account_id}/workers/scripts/{script_name}": ["startup_time_ms", "has_modules"],
  // The script's settings as the patch leaves them; wrangler sends `observability` (above) and
  // the official SDK's `settings.edit` (cloudflare@7.3.0) answers a `ScriptSetting`
  // (resources/workers/scripts/scripts.d.ts) with it beside logpush and tail_consumers.
  "PATCH /accounts/{account_id}/workers/scripts/{script_name}/script-settings": ["observability"],
  // The consumer's id and type, which queues/client.ts `putConsumerById` and
  // `resolveWorkerConsumerByName` read (the official SDK's `Consumer` has both), and the worker as
  // `script`, the field wrangler matches a consumer on; the pinned schema names only `service`.
  "GET /accounts/{account_id}/queues/{queue_id}/consumers": ["consumer_id", "type", "script", "dead_letter_queue"],
  "POST /accounts/{account_id}/queues/{queue_id}/consumers": ["consumer_id", "type"],
  "PUT /accounts/{account_id}/queues/{queue_id}/consumers/{consumer_id}": ["consumer_id", "type"],
};

/** Fields of an answer's `result` (or of each of its items) the schema does not name but the API sends. */
export const extraAnswerFields = (operation: string): string[] => ANSWER[operation] ?? [];

interface BindingLag {
  /** Fields the SDK's type requires that wrangler leaves out when unset. */
  optional: string[];
  /** [field sent, the required field it stands for]. */
  alternatives: [string, string][];
  /** Fields wrangler sends that the SDK's type lacks. */
  extra: string[];
}

const BINDING: Record<string, Partial<BindingLag>> = {
  // deployment-bundle/create-worker-upload-form.ts sends a D1 binding as `{ type: "d1", name, id }`
  // (the SDK's WorkersBindingKindD1 requires `database_id` and has `id` as optional).
  d1: { alternatives: [["id", "database_id"]] },
  // create-worker-upload-form.ts sends `dataset: config.dataset`, absent from the JSON when the
  // config names none (the platform then uses the binding's name); the SDK's type requires it.
  analytics_engine: { optional: ["dataset"] },
  // create-worker-upload-form.ts sends `...(config.props && { props })` for a service binding.
  service: { extra: ["props"] },
};

/** How an uploaded binding of `type` may differ from the official SDK's type, each as wrangler sends it. */
export const bindingLag = (type: string): BindingLag => ({ optional: [], alternatives: [], extra: [], ...BINDING[type] });
