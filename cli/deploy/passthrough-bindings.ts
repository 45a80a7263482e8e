/**
 * The bindings a user names in the `edge` passthrough that sdk does not provision: each as the
 * upload metadata lists it, field for field as wrangler's `createWorkerUploadForm`
 * (deployment-bundle/create-worker-upload-form.ts) maps its config to it.
 */
import type { MetadataBinding } from "./metadata-binding.js";

type Json = Record<string, unknown>;

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
/** Optional fields stay out of the metadata when unset, as wrangler leaves them. */
const defined = (fields: Json): Json => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

export function passthroughBindings(wrangler: Json): MetadataBinding[] {
  const bindings: MetadataBinding[] = [];
  const push = (type: string, name: unknown, fields: Json = {}) => bindings.push({ type, name: String(name), ...defined(fields) });
  for (const service of list(wrangler.services)) push("service", service.binding, { service: service.service, environment: service.environment, entrypoint: service.entrypoint, props: service.props });
  for (const dataset of list(wrangler.analytics_engine_datasets)) push("analytics_engine", dataset.binding, { dataset: dataset.dataset });
  for (const index of list(wrangler.vectorize)) push("vectorize", index.binding, { index_name: index.index_name });
  for (const workflow of list(wrangler.workflows)) push("workflow", workflow.binding, { workflow_name: workflow.name, class_name: workflow.class_name, script_name: workflow.script_name });
  for (const certificate of list(wrangler.mtls_certificates)) push("mtls_certificate", certificate.binding, { certificate_id: certificate.certificate_id });
  for (const namespace of list(wrangler.dispatch_namespaces)) push("dispatch_namespace", namespace.binding, { namespace: namespace.namespace });
  const single = (key: string, type: string) => {
    const value = wrangler[key] as Json | undefined;
    if (value?.binding) push(type, value.binding);
  };
  single("version_metadata", "version_metadata");
  single("browser", "browser");
  single("images", "images");
  return bindings;
}
