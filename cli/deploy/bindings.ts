/**
 * The worker's generated wrangler.json, as the platform's upload metadata lists bindings: what a
 * deploy provisions or the platform provides, then the `edge` passthrough's own
 * (passthrough-bindings.ts); `preview_*` ids are local state's.
 */
import type { MetadataBinding } from "./metadata-binding.js";
import { passthroughBindings } from "./passthrough-bindings.js";

export type { MetadataBinding };

type Json = Record<string, unknown>;

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/**
 * `remoteSecrets`: names the worker already has as secrets. A `worker.vars` value of the same name
 * is left out, since the contract lets the remote secret win; the caller says so.
 */
export function metadataBindings(wrangler: Json, remoteSecrets: ReadonlySet<string> = new Set()): MetadataBinding[] {
  const bindings: MetadataBinding[] = [];
  for (const [name, value] of Object.entries((wrangler.vars ?? {}) as Json)) {
    if (remoteSecrets.has(name)) continue;
    bindings.push(typeof value === "string" ? { type: "plain_text", name, text: value } : { type: "json", name, json: value });
  }
  for (const d1 of list(wrangler.d1_databases)) bindings.push({ type: "d1", name: String(d1.binding), id: String(d1.database_id) });
  for (const kv of list(wrangler.kv_namespaces)) bindings.push({ type: "kv_namespace", name: String(kv.binding), namespace_id: String(kv.id) });
  for (const r2 of list(wrangler.r2_buckets)) bindings.push({ type: "r2_bucket", name: String(r2.binding), bucket_name: String(r2.bucket_name), ...(r2.jurisdiction !== undefined && { jurisdiction: r2.jurisdiction }) });
  for (const hyperdrive of list(wrangler.hyperdrive)) bindings.push({ type: "hyperdrive", name: String(hyperdrive.binding), id: String(hyperdrive.id) });
  const queues = (wrangler.queues ?? {}) as Json;
  for (const producer of list(queues.producers)) bindings.push({ type: "queue", name: String(producer.binding), queue_name: String(producer.queue) });
  const durable = (wrangler.durable_objects ?? {}) as Json;
  for (const object of list(durable.bindings)) {
    const { name, class_name, script_name, environment } = object;
    bindings.push({ type: "durable_object_namespace", name: String(name), class_name: String(class_name), ...(script_name !== undefined && { script_name }), ...(environment !== undefined && { environment }) });
  }
  for (const email of list(wrangler.send_email)) {
    const { name, destination_address, allowed_destination_addresses } = email;
    bindings.push({ type: "send_email", name: String(name), ...(destination_address !== undefined && { destination_address }), ...(allowed_destination_addresses !== undefined && { allowed_destination_addresses }) });
  }
  const ai = wrangler.ai as Json | undefined;
  if (ai?.binding) bindings.push({ type: "ai", name: String(ai.binding) });
  const assets = wrangler.assets as Json | undefined;
  if (assets?.binding) bindings.push({ type: "assets", name: String(assets.binding) });
  return [...bindings, ...passthroughBindings(wrangler)];
}

/** dist/client's `_headers` and `_redirects`, which the platform applies rather than serves. */
export interface AssetRules {
  headers?: string;
  redirects?: string;
}

/**
 * The `assets.config` the upload carries: how the platform serves dist/client in front of the
 * worker, with the `_headers` and `_redirects` files' text, as wrangler's `getAssetsOptions`
 * (assets.ts) reads them and `createWorkerUploadForm` sends them.
 */
export function assetsConfig(wrangler: Json, rules: AssetRules = {}): Json {
  const assets = (wrangler.assets ?? {}) as Json;
  return {
    ...(rules.headers !== undefined && { _headers: rules.headers }),
    ...(rules.redirects !== undefined && { _redirects: rules.redirects }),
    ...(assets.html_handling !== undefined && { html_handling: assets.html_handling }),
    ...(assets.not_found_handling !== undefined && { not_found_handling: assets.not_found_handling }),
    ...(assets.run_worker_first !== undefined && { run_worker_first: assets.run_worker_first }),
  };
}
