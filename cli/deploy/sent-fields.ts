/**
 * Which fields of the `edge` passthrough a deploy sends, and a refusal, before anything is
 * written, for each one it cannot: a field wrangler.json has but the platform never gets would
 * otherwise be a silent drop (a binding the code finds undefined, a schedule that never runs).
 */
import { error, type Diagnostic } from "../../compiler/diagnostics.js";
import { closest } from "../../compiler/config/hints.js";

type Json = Record<string, unknown>;

/** Top-level wrangler.json fields a deploy carries to the platform: in the upload, the calls after it, or the worker's name and account. */
export const SENT_FIELDS = [
  "name", "account_id", "main", "compatibility_date", "compatibility_flags", "vars", "limits", "placement",
  "logpush", "tail_consumers", "observability", "workers_dev", "preview_urls", "triggers", "assets",
  "d1_databases", "kv_namespaces", "r2_buckets", "hyperdrive", "queues", "durable_objects", "send_email", "ai",
  "services", "analytics_engine_datasets", "vectorize", "workflows", "mtls_certificates", "dispatch_namespaces",
  "version_metadata", "browser", "images", "route", "routes",
] as const;

/** Fields with their own reason and remedy. */
const REFUSED: Record<string, { why: string; hint: string }> = {
  migrations: { why: "sdk writes the durable-state migrations itself (from durable/*.ts, recorded in sdk.lock.json), so a second list would conflict with its history", hint: "remove edge.migrations: adding, renaming or deleting a durable class in durable/ makes the migration" },
};

/** `workerName`: the worker being deployed, whose own workflows sdk cannot create. */
export function unsentFields(edge: Json | undefined, workerName: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const [key, value] of Object.entries(edge ?? {})) {
    const refused = REFUSED[key];
    if (refused) {
      problems.push(error("SDK_DEPLOY_FIELD_UNSENT", `edge.${key}: ${refused.why}`, { file: "sdk.config.ts", configPath: `edge.${key}`, hint: refused.hint }));
      continue;
    }
    if (!(SENT_FIELDS as readonly string[]).includes(key)) {
      const near = closest(key, SENT_FIELDS);
      problems.push(error("SDK_DEPLOY_FIELD_UNSENT", `edge.${key}: sdk deploy does not send this field to the platform`, { file: "sdk.config.ts", configPath: `edge.${key}`, hint: near ? `did you mean edge.${near}?` : "remove it, or deploy dist/server with wrangler, which reads every wrangler.json field" }));
      continue;
    }
    problems.push(...ownWorkflows(key, value, workerName), ...assetsDirectory(key, value));
  }
  return problems;
}

/**
 * A workflow whose class is in this worker must be created on the platform (wrangler's deploy
 * PUTs `/accounts/{id}/workflows/{name}`), which sdk does not do yet; a binding to another
 * worker's workflow is only a binding, and is sent.
 */
function ownWorkflows(key: string, value: unknown, workerName: string): Diagnostic[] {
  if (key !== "workflows" || !Array.isArray(value)) return [];
  return (value as Json[]).flatMap((workflow, index) => {
    if (workflow.script_name !== undefined && workflow.script_name !== workerName) return [];
    return [error("SDK_DEPLOY_FIELD_UNSENT", `edge.workflows[${index}] (${String(workflow.name)}): sdk deploy does not create workflows whose class is in this worker yet`, {
      file: "sdk.config.ts",
      configPath: `edge.workflows[${index}]`,
      hint: "bind a workflow another worker defines (set its script_name), or deploy dist/server with wrangler",
    })];
  });
}

/** The deploy uploads dist/client, which the build fills from public/: another folder would never be uploaded. */
function assetsDirectory(key: string, value: unknown): Diagnostic[] {
  if (key !== "assets" || (value as Json | null)?.directory === undefined) return [];
  return [error("SDK_DEPLOY_FIELD_UNSENT", "edge.assets.directory: sdk deploy uploads dist/client, which the build fills from public/", {
    file: "sdk.config.ts",
    configPath: "edge.assets.directory",
    hint: "remove it and put the files in public/",
  })];
}
