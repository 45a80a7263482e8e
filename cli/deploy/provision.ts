/**
 * The resources the worker's bindings name, made to exist on the account: a D1 database or KV
 * namespace still on its local placeholder id is found by name or created, and its id recorded
 * in sdk.lock.json's `resolved` at once, so a deploy that fails later never creates it twice.
 * R2 buckets and queues are named, not numbered: they are created when missing. A Hyperdrive
 * configuration points at the production PostgreSQL or MySQL database. Local state keeps
 * its placeholder ids (`preview_*`), so `sdk dev` data stays where it was.
 */
import { LOCK_FILE, readJson, writeLockFile } from "../../compiler/project-files.js";
import type { PlatformApi } from "../platform/api.js";
import { createHyperdriveConfig, findHyperdriveConfig } from "../platform/hyperdrive.js";
import { createD1Database, createKvNamespace, createQueue, createR2Bucket, findD1Database, findKvNamespace, findQueue, hasR2Bucket } from "../platform/resources.js";

type Json = Record<string, unknown>;

const isPlaceholder = (id: unknown) => typeof id !== "string" || id.startsWith("local-");
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

export interface ProvisionStep {
  kind: "D1 database" | "KV namespace" | "R2 bucket" | "queue" | "Hyperdrive config";
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

export interface ProvisionOptions {
  /** Write the ids to sdk.lock.json (not on a dry run, whose ids are placeholders). */
  record: boolean;
  /** The production database a PostgreSQL or MySQL app's Hyperdrive configuration points at; none on a dry run. */
  databaseUrl?: string;
}

export async function provisionResources(api: PlatformApi, accountId: string, root: string, wrangler: Json, options: ProvisionOptions): Promise<Provisioned> {
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
  await provisionHyperdrive(api, accountId, root, wrangler, options, steps, resolved);
  return { steps, resolved };
}

/**
 * The Hyperdrive configuration of each binding still on its local id, found by name or created
 * from the production database URL. A dry run sends no URL anywhere: it names what it would do.
 */
async function provisionHyperdrive(api: PlatformApi, accountId: string, root: string, wrangler: Json, options: ProvisionOptions, steps: ProvisionStep[], resolved: Json): Promise<void> {
  const entries = list(wrangler.hyperdrive);
  if (!entries.some((entry) => isPlaceholder(entry.id))) return;
  const withIds = [];
  for (const entry of entries) {
    if (!isPlaceholder(entry.id)) {
      withIds.push(entry);
      continue;
    }
    const name = `${wrangler.name}-${entry.binding}`;
    if (!options.databaseUrl) {
      steps.push({ kind: "Hyperdrive config", name, outcome: "created" });
      withIds.push(entry);
      continue;
    }
    const found = await findHyperdriveConfig(api, accountId, name);
    const config = found ?? (await createHyperdriveConfig(api, accountId, name, options.databaseUrl));
    steps.push({ kind: "Hyperdrive config", name, outcome: found ? "found" : "created", id: config.id });
    withIds.push({ ...entry, id: config.id });
  }
  resolved.hyperdrive = withIds;
  if (options.record && options.databaseUrl) recordResolved(root, "hyperdrive", withIds);
}

/** Reads the lock afresh and replaces one key of `resolved`, keeping everything else. */
function recordResolved(root: string, key: string, value: Json[]): void {
  const lock = readJson(root, LOCK_FILE) ?? {};
  const resolved = { ...((lock.resolved as Json | undefined) ?? {}), [key]: value };
  writeLockFile(root, { ...lock, resolved: Object.fromEntries(Object.keys(resolved).sort().map((name) => [name, resolved[name]])) });
}
