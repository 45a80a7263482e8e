/**
 * Miniflare options from the generated wrangler.json, so `sdk preview` and the tests run the
 * worker exactly as the platform would read that file: same entry, flags, vars and asset policy.
 */
import path from "node:path";
import type { MiniflareOptions, WorkerOptions } from "miniflare";
import { localD1DatabaseId } from "../../compiler/db/database.js";
import { AI_STAND_IN_COMPATIBILITY_DATE, AI_STAND_IN_WORKER, aiStandInScript, type AiStandInTarget } from "../../emitters/ai-stand-in.js";
import { EMAIL_STAND_IN_COMPATIBILITY_DATE, EMAIL_STAND_IN_WORKER, emailStandInScript } from "../../emitters/email-stand-in.js";
import { SCHEDULED_TRIGGER_ROUTES } from "./cron-trigger.js";

export interface WranglerJson {
  name: string;
  main: string;
  compatibility_date: string;
  compatibility_flags?: string[];
  vars?: Record<string, string>;
  assets?: {
    directory: string;
    binding?: string;
    not_found_handling?: "single-page-application" | "404-page" | "none";
    run_worker_first?: boolean | string[];
  };
  d1_databases?: { binding: string; database_id?: string; preview_database_id?: string }[];
  hyperdrive?: { binding: string; id: string; localConnectionString?: string }[];
  kv_namespaces?: { binding: string; id?: string; preview_id?: string }[];
  r2_buckets?: { binding: string; bucket_name?: string; preview_bucket_name?: string }[];
  ai?: { binding: string };
  send_email?: { name: string }[];
  queues?: {
    producers?: { binding: string; queue: string; delivery_delay?: number }[];
    consumers?: { queue: string; max_batch_size?: number; max_batch_timeout?: number; max_retries?: number; retry_delay?: number; dead_letter_queue?: string }[];
  };
  durable_objects?: { bindings: { name: string; class_name: string; script_name?: string }[] };
  migrations?: { tag: string; new_sqlite_classes?: string[]; new_classes?: string[]; renamed_classes?: { from: string; to: string }[] }[];
  triggers?: { crons?: string[] };
  account_id?: string;
}

/** Local state and connections: what the worker's bindings reach on this machine. */
export interface LocalResources {
  /** Miniflare's persistence root, shared with `sdk dev` and `sdk db migrate`; in memory without one. */
  persistRoot?: string;
  /** A Hyperdrive binding's local connection string (`DATABASE_URL`), unless wrangler.json gives one. */
  hyperdriveUrl?: (binding: string) => string;
  /** Where the AI binding's local stand-in sends `run()`. */
  ai?: AiStandInTarget;
  /** Vars of this machine's run beside wrangler.json's (SDK_AI_GATEWAY_URL). */
  vars?: Record<string, string>;
}

/** wrangler's rule for the id a KV namespace's local state is kept under. */
function localKvId(entry: NonNullable<WranglerJson["kv_namespaces"]>[number]): string {
  return entry.preview_id ?? entry.id ?? entry.binding;
}

/** wrangler's rule for the name an R2 bucket's local state is kept under. */
function localBucketName(entry: NonNullable<WranglerJson["r2_buckets"]>[number]): string {
  return entry.preview_bucket_name ?? entry.bucket_name ?? entry.binding;
}

/** The AI binding's stand-in (emitters/ai-stand-in.ts): Miniflare's own AI binding needs the platform. */
function aiStandIn(target: AiStandInTarget = {}): WorkerOptions {
  return {
    name: AI_STAND_IN_WORKER,
    modules: true,
    script: aiStandInScript(),
    compatibilityDate: AI_STAND_IN_COMPATIBILITY_DATE,
    bindings: { ...(target.url && { SDK_AI_URL: target.url }), ...(target.token && { SDK_AI_TOKEN: target.token }) },
  };
}

/** The send_email binding's stand-in (emitters/email-stand-in.ts): with no inbox here, it prints each message. */
function emailStandIn(): WorkerOptions {
  return { name: EMAIL_STAND_IN_WORKER, modules: true, script: emailStandInScript(), compatibilityDate: EMAIL_STAND_IN_COMPATIBILITY_DATE };
}

/**
 * One worker, or with AI or send_email bindings the app's worker first (it answers requests) and
 * their stand-ins. `POST /cdn-cgi/handler/email?from=…&to=…` with a raw message hands it to the
 * worker's `email` export, as Email Routing would, and `/cdn-cgi/handler/scheduled?cron=…` runs its
 * `scheduled` export (cron-trigger.ts says why that path is routed).
 */
export function miniflareOptions(serverDir: string, wrangler: WranglerJson, listen: { port: number; host: string }, local: LocalResources = {}): MiniflareOptions {
  const shared = { port: listen.port, host: listen.host, unsafeTriggerHandlers: true, ...(local.persistRoot && { defaultPersistRoot: local.persistRoot }) };
  const worker = workerOptions(serverDir, wrangler, local);
  const sendEmail = wrangler.send_email ?? [];
  if (!wrangler.ai && !sendEmail.length) return { ...shared, ...worker };
  const serviceBindings = {
    ...(wrangler.ai && { [wrangler.ai.binding]: AI_STAND_IN_WORKER }),
    ...Object.fromEntries(sendEmail.map(({ name }) => [name, EMAIL_STAND_IN_WORKER])),
  };
  return { ...shared, workers: [{ ...worker, serviceBindings }, ...(wrangler.ai ? [aiStandIn(local.ai)] : []), ...(sendEmail.length ? [emailStandIn()] : [])] };
}

/** Producers and consumers as the platform reads them; Miniflare's broker runs them in workerd. */
function queueOptions(queues: WranglerJson["queues"]): Partial<Pick<WorkerOptions, "queueProducers" | "queueConsumers">> {
  if (!queues) return {};
  return {
    ...(queues.producers?.length && {
      queueProducers: Object.fromEntries(queues.producers.map((p) => [p.binding, { queueName: p.queue, ...(p.delivery_delay !== undefined && { deliveryDelay: p.delivery_delay }) }])),
    }),
    ...(queues.consumers?.length && {
      queueConsumers: Object.fromEntries(
        queues.consumers.map((c) => [
          c.queue,
          {
            ...(c.max_batch_size !== undefined && { maxBatchSize: c.max_batch_size }),
            ...(c.max_batch_timeout !== undefined && { maxBatchTimeout: c.max_batch_timeout }),
            ...(c.max_retries !== undefined && { maxRetries: c.max_retries }),
            ...(c.retry_delay !== undefined && { retryDelay: c.retry_delay }),
            ...(c.dead_letter_queue !== undefined && { deadLetterQueue: c.dead_letter_queue }),
          },
        ]),
      ),
    }),
  };
}

/** Each binding's class, SQLite-backed unless the migrations created it as a legacy key-value class. */
function durableObjectOptions(wrangler: WranglerJson): Pick<WorkerOptions, "durableObjects"> | Record<string, never> {
  const bindings = wrangler.durable_objects?.bindings;
  if (!bindings?.length) return {};
  const keyValueClasses = new Set<string>();
  for (const migration of wrangler.migrations ?? []) {
    migration.new_classes?.forEach((className) => keyValueClasses.add(className));
    for (const { from, to } of migration.renamed_classes ?? []) if (keyValueClasses.delete(from)) keyValueClasses.add(to);
  }
  return {
    durableObjects: Object.fromEntries(
      bindings.map((b) => [b.name, { className: b.class_name, useSQLite: !keyValueClasses.has(b.class_name), ...(b.script_name && { scriptName: b.script_name }) }]),
    ),
  };
}

function workerOptions(serverDir: string, wrangler: WranglerJson, local: LocalResources): WorkerOptions {
  const assets = wrangler.assets;
  const runFirst = assets?.run_worker_first;
  return {
    name: wrangler.name,
    modulesRoot: serverDir,
    routes: SCHEDULED_TRIGGER_ROUTES,
    // The bundle is one module; listed, it is not walked for imports, so a dynamic import() a
    // dependency keeps for other runtimes (Svelte's node:crypto fallback) cannot stop the start.
    modules: [{ type: "ESModule", path: path.resolve(serverDir, wrangler.main) }],
    compatibilityDate: wrangler.compatibility_date,
    compatibilityFlags: wrangler.compatibility_flags,
    bindings: { ...wrangler.vars, ...local.vars },
    ...(wrangler.d1_databases && { d1Databases: Object.fromEntries(wrangler.d1_databases.map((d1) => [d1.binding, localD1DatabaseId(d1)])) }),
    ...(wrangler.hyperdrive && {
      hyperdrives: Object.fromEntries(wrangler.hyperdrive.map((entry) => [entry.binding, entry.localConnectionString ?? local.hyperdriveUrl?.(entry.binding) ?? ""])),
    }),
    ...(wrangler.kv_namespaces && { kvNamespaces: Object.fromEntries(wrangler.kv_namespaces.map((kv) => [kv.binding, localKvId(kv)])) }),
    ...(wrangler.r2_buckets && { r2Buckets: Object.fromEntries(wrangler.r2_buckets.map((r2) => [r2.binding, localBucketName(r2)])) }),
    ...queueOptions(wrangler.queues),
    ...durableObjectOptions(wrangler),
    ...(assets && {
      assets: {
        directory: path.resolve(serverDir, assets.directory),
        binding: assets.binding,
        routerConfig: {
          has_user_worker: true,
          invoke_user_worker_ahead_of_assets: runFirst === true,
          ...(Array.isArray(runFirst) && { static_routing: { user_worker: runFirst } }),
        },
        assetConfig: {
          compatibility_date: wrangler.compatibility_date,
          compatibility_flags: wrangler.compatibility_flags,
          not_found_handling: assets.not_found_handling ?? "none",
        },
      },
    }),
  };
}

