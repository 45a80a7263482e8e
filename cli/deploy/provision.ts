/**
 * The resources the worker's bindings name, made to exist on the account: a D1 database or KV
 * namespace still on its local placeholder id is found by name or created, and its id recorded
 * in sdk.lock.json's `resolved` at once, so a deploy that fails later never creates it twice.
 * R2 buckets and queues are named, not numbered: they are created when missing. Local state keeps
 * its placeholder ids (`preview_*`), so `sdk dev` data stays where it was.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import { LOCK_FILE, readJson, writeLockFile } from "../../compiler/project-files.js";
import type { PlatformApi } from "../platform/api.js";
import { createD1Database, createKvNamespace, createQueue, createR2Bucket, findD1Database, findKvNamespace, findQueue, hasR2Bucket } from "../platform/resources.js";

type Json = Record<string, unknown>;

const isPlaceholder = (id: unknown) => typeof id !== "string" || id.startsWith("local-");
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

export interface ProvisionStep {
  kind: "D1 database" | "KV namespace" | "R2 bucket" | "queue";
  name: string;
  /** `found` when the account already had it (a lost lock file, another clone's deploy). */
  outcome: "created" | "found";
  id?: string;
}

/** `record`: write the ids to sdk.lock.json (not on a dry run, whose ids are placeholders). */
export async function provisionResources(api: PlatformApi, accountId: string, root: string, wrangler: Json, options: { record: boolean }): Promise<ProvisionStep[]> {
  const steps: ProvisionStep[] = [];
  const record = (key: string, value: Json[]) => options.record && recordResolved(root, key, value);
  const d1 = list(wrangler.d1_databases);
  if (d1.some((entry) => isPlaceholder(entry.database_id))) {
    const resolved = [];
    for (const entry of d1) {
      if (!isPlaceholder(entry.database_id)) {
        resolved.push(entry);
        continue;
      }
      const name = String(entry.database_name);
      const found = await findD1Database(api, accountId, name);
      const database = found ?? (await createD1Database(api, accountId, name));
      steps.push({ kind: "D1 database", name, outcome: found ? "found" : "created", id: database.uuid });
      resolved.push({ binding: entry.binding, database_name: name, database_id: database.uuid, preview_database_id: entry.preview_database_id ?? entry.database_id });
    }
    record("d1_databases", resolved);
  }
  const kv = list(wrangler.kv_namespaces);
  if (kv.some((entry) => isPlaceholder(entry.id))) {
    const resolved = [];
    for (const entry of kv) {
      if (!isPlaceholder(entry.id)) {
        resolved.push(entry);
        continue;
      }
      const title = `${wrangler.name}-${entry.binding}`;
      const found = await findKvNamespace(api, accountId, title);
      const namespace = found ?? (await createKvNamespace(api, accountId, title));
      steps.push({ kind: "KV namespace", name: title, outcome: found ? "found" : "created", id: namespace.id });
      resolved.push({ binding: entry.binding, id: namespace.id, preview_id: entry.preview_id ?? entry.id });
    }
    record("kv_namespaces", resolved);
  }
  for (const bucket of list(wrangler.r2_buckets)) {
    const name = String(bucket.bucket_name);
    if (await hasR2Bucket(api, accountId, name)) continue;
    await createR2Bucket(api, accountId, name);
    steps.push({ kind: "R2 bucket", name, outcome: "created" });
  }
  for (const producer of list((wrangler.queues as Json | undefined)?.producers)) {
    const name = String(producer.queue);
    if (await findQueue(api, accountId, name)) continue;
    const queue = await createQueue(api, accountId, name);
    steps.push({ kind: "queue", name, outcome: "created", id: queue.queue_id });
  }
  return steps;
}

/**
 * Hyperdrive points at the app's own PostgreSQL or MySQL server, whose production URL sdk does
 * not know: its id comes from the user, as the contract's `edge` passthrough allows.
 */
export function unprovisionable(wrangler: Json): UserError | undefined {
  const hyperdrive = list(wrangler.hyperdrive).find((entry) => isPlaceholder(entry.id));
  if (!hyperdrive) return undefined;
  return new UserError([error("SDK_DEPLOY_HYPERDRIVE_ID", `the database binding ${hyperdrive.binding} needs a Hyperdrive configuration on the platform, which sdk cannot create without the production database's URL`, {
    file: "sdk.config.ts",
    configPath: "edge.hyperdrive",
    hint: `create one (\`wrangler hyperdrive create <name> --connection-string=<production URL>\`) and set edge: { hyperdrive: [{ binding: "${hyperdrive.binding}", id: "<its id>" }] }`,
  })]);
}

/** Reads the lock afresh and replaces one key of `resolved`, keeping everything else. */
function recordResolved(root: string, key: string, value: Json[]): void {
  const lock = readJson(root, LOCK_FILE) ?? {};
  const resolved = { ...((lock.resolved as Json | undefined) ?? {}), [key]: value };
  writeLockFile(root, { ...lock, resolved: Object.fromEntries(Object.keys(resolved).sort().map((name) => [name, resolved[name]])) });
}
