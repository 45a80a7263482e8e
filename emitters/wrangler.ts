/**
 * The edge worker's `wrangler.json`, written beside the bundle in dist/server so that `main` and
 * `assets.directory` are relative to it. Precedence, lowest first: what we generate, the
 * `resolved` object recorded in `sdk.lock.json`, then the user's `edge` passthrough.
 */
import type { AppIR, BindingIR, DatabaseIR } from "../compiler/ir.js";
import { cronExpressions } from "./crons-module.js";
import { sandboxWranglerEntries } from "./sandbox.js";
import { wranglerDurableState } from "./durable-state-module.js";
import { appQueues, wranglerQueues } from "./queues-module.js";

/** The date `sdk init` pins when the config names none; workerd in our lockfile supports it. */
export const DEFAULT_COMPATIBILITY_DATE = "2026-04-01";
export const DEFAULT_COMPATIBILITY_FLAGS = ["nodejs_compat"];

/** The first compatibility date on which `nodejs_compat` brings its second version: Node.js's globals (`Buffer`, `process`) too. */
const NODEJS_COMPAT_V2_DATE = "2024-09-23";

/**
 * Whether a worker with this wrangler config loads Node.js's modules and globals, as node, Bun and
 * Deno do: `nodejs_compat` from its second version (our default), or `nodejs_compat_v2`.
 */
export function workerHasNodeModules(wrangler: Readonly<Record<string, unknown>>): boolean {
  const flags = Array.isArray(wrangler.compatibility_flags) ? (wrangler.compatibility_flags as unknown[]) : [];
  if (flags.includes("no_nodejs_compat_v2")) return false;
  if (flags.includes("nodejs_compat_v2")) return true;
  const date = typeof wrangler.compatibility_date === "string" ? wrangler.compatibility_date : "";
  return flags.includes("nodejs_compat") && date >= NODEJS_COMPAT_V2_DATE;
}

export interface WranglerInputs {
  ir: AppIR;
  /** Worker name when `edge.name` is not set: the package name, else the folder name. */
  defaultName: string;
  /** `sdk.lock.json`'s `resolved` object, when the lock file has one. */
  lockResolved?: Record<string, unknown>;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; arrays and scalars from `over` replace those in `base`. */
export function mergeConfig(base: JsonObject, over: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = isObject(value) && isObject(out[key]) ? mergeConfig(out[key] as JsonObject, value) : value;
  }
  return out;
}

/** Worker names are lowercase letters, digits and dashes, at most 63 characters. */
export function toWorkerName(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/^@[^/]+\//, "")
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63);
  return cleaned || "sdk-app";
}

/**
 * The worker name queue names start with: `edge.name` when set, else the generated one. Queue
 * names are per account, so two apps with `queues/emails.ts` must not share one.
 */
export function queueWorkerName(ir: Pick<AppIR, "config">, defaultName: string): string {
  const name = ir.config.edge?.name;
  return typeof name === "string" ? name : toWorkerName(defaultName);
}

function generated(ir: AppIR, defaultName: string): JsonObject {
  const worker = ir.config.worker ?? {};
  const out: JsonObject = {
    name: toWorkerName(defaultName),
    main: "index.mjs",
    compatibility_date: worker.compatibility_date ?? DEFAULT_COMPATIBILITY_DATE,
    compatibility_flags: worker.compatibility_flags ?? DEFAULT_COMPATIBILITY_FLAGS,
  };
  if (worker.vars && Object.keys(worker.vars).length) out.vars = worker.vars;
  if (worker.limits?.cpu_ms !== undefined) out.limits = { cpu_ms: worker.limits.cpu_ms };
  const crons = cronExpressions(ir);
  if (crons.length) out.triggers = { crons };
  const queues = appQueues(ir, queueWorkerName(ir, defaultName));
  if (queues.length) out.queues = wranglerQueues(queues);
  if (ir.database) Object.assign(out, databaseBindings(ir.database, out.name as string));
  Object.assign(out, platformBindings(ir.bindings, out.name as string));
  if (ir.sandbox) Object.assign(out, sandboxWranglerEntries(ir.sandbox));
  Object.assign(out, wranglerDurableState(ir));
  out.assets = {
    directory: "../client",
    binding: "ASSETS",
    not_found_handling: ir.routing.runtime.notFound,
    // Routing rules run in the worker, in front of the assets, exactly as on node, bun and deno.
    run_worker_first: ir.routing.layer,
  };
  return out;
}

/**
 * The database's binding, with a local id until `sdk deploy` provisions the real one (recorded in
 * sdk.lock.json, whose `resolved` object replaces these arrays). Local state is kept under the
 * local id (wrangler's rule: `preview_database_id`, else `database_id`). Hyperdrive's local
 * connection string is `DATABASE_URL`, given to workerd by `sdk dev` and `sdk preview`, never
 * written here.
 */
function databaseBindings(database: DatabaseIR, workerName: string): JsonObject {
  const localId = `local-${database.binding}`;
  if (database.dialect === "sqlite") {
    return { d1_databases: [{ binding: database.binding, database_name: workerName, database_id: localId }] };
  }
  return { hyperdrive: [{ binding: database.binding, id: localId }] };
}

/**
 * The KV namespace, R2 bucket, AI and send_email bindings the app's imports (or `inference.bindings`) ask for.
 * KV gets a local id and R2 the worker's name as its bucket until `sdk deploy` provisions real
 * ones (recorded in sdk.lock.json); local state is kept under them, as wrangler keeps it.
 */
function platformBindings(bindings: readonly BindingIR[], workerName: string): JsonObject {
  const out: JsonObject = {};
  for (const { kind, name } of bindings) {
    if (kind === "kv") out.kv_namespaces = [{ binding: name, id: `local-${name}` }];
    if (kind === "storage") out.r2_buckets = [{ binding: name, bucket_name: r2BucketName(workerName) }];
    if (kind === "ai") out.ai = { binding: name };
    if (kind === "email") out.send_email = [{ name }];
  }
  return out;
}

/** R2 bucket names are 3 to 63 lowercase letters, digits and dashes, as worker names are but longer than 2. */
function r2BucketName(workerName: string): string {
  return workerName.length >= 3 ? workerName : `${workerName}-bucket`;
}

export function emitWranglerConfig({ ir, defaultName, lockResolved }: WranglerInputs): JsonObject {
  const withLock = mergeConfig(generated(ir, defaultName), lockResolved ?? {});
  return mergeConfig(withLock, (ir.config.edge ?? {}) as JsonObject);
}
