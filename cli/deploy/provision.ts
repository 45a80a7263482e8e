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

/** A binding kind whose entries carry an id the platform assigns: the D1 database, the KV namespace. */
interface NumberedKind {
  kind: "D1 database" | "KV namespace";
  /** The wrangler.json array and the entry's id and local-id fields. */
  key: "d1_databases" | "kv_namespaces";
  idField: string;
  previewField: string;
  nameOf: (entry: Json, wrangler: Json) => string;
  findOrCreate: (api: PlatformApi, accountId: string, name: string) => Promise<{ id: string; found: boolean }>;
}

const NUMBERED: readonly NumberedKind[] = [
  {
    kind: "D1 database",
    key: "d1_databases",
    idField: "database_id",
    previewField: "preview_database_id",
    nameOf: (entry) => String(entry.database_name),
    findOrCreate: async (api, accountId, name) => {
      const found = await findD1Database(api, accountId, name);
      return { id: (found ?? (await createD1Database(api, accountId, name))).uuid, found: Boolean(found) };
    },
  },
  {
    kind: "KV namespace",
    key: "kv_namespaces",
    idField: "id",
    previewField: "preview_id",
    nameOf: (entry, wrangler) => `${wrangler.name}-${entry.binding}`,
    findOrCreate: async (api, accountId, title) => {
      const found = await findKvNamespace(api, accountId, title);
      return { id: (found ?? (await createKvNamespace(api, accountId, title))).id, found: Boolean(found) };
    },
  },
];

export interface Provisioned {
  steps: ProvisionStep[];
  /** The binding arrays with their real ids, as recorded under the lock's `resolved`. */
  resolved: Json;
}

/** `record`: write the ids to sdk.lock.json (not on a dry run, whose ids are placeholders). */
export async function provisionResources(api: PlatformApi, accountId: string, root: string, wrangler: Json, options: { record: boolean }): Promise<Provisioned> {
  const steps: ProvisionStep[] = [];
  const resolved: Json = {};
  for (const numbered of NUMBERED) {
    const entries = list(wrangler[numbered.key]);
    if (!entries.some((entry) => isPlaceholder(entry[numbered.idField]))) continue;
    const withIds = [];
    for (const entry of entries) {
      if (!isPlaceholder(entry[numbered.idField])) {
        withIds.push(entry);
        continue;
      }
      const name = numbered.nameOf(entry, wrangler);
      const { id, found } = await numbered.findOrCreate(api, accountId, name);
      steps.push({ kind: numbered.kind, name, outcome: found ? "found" : "created", id });
      withIds.push({ ...entry, [numbered.idField]: id, [numbered.previewField]: entry[numbered.previewField] ?? entry[numbered.idField] });
    }
    resolved[numbered.key] = withIds;
    if (options.record) recordResolved(root, numbered.key, withIds);
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
  return { steps, resolved };
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
