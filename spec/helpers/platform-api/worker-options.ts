/**
 * The Miniflare workers the state calls for, all in one workerd:
 * - `platform-api:stand-in` binds every D1 database, KV namespace and R2 bucket under its id, for
 *   the API's own D1/KV/R2 endpoints (a deployed worker binding the same id reads the same data),
 *   and forwards each workers.dev request to the version worker the `x-stand-in-worker` header
 *   names, through a service binding: Miniflare puts a worker's asset server in front of service
 *   bindings to it, not in front of `getWorker()`, so this is how assets are served first.
 * - A script's primary version (the largest share of its current deployment) runs under the
 *   script's own name, because Miniflare keys Durable Object storage by worker name and class:
 *   the objects' state outlives deploys, as on the platform. It hosts the script's classes and
 *   its queue consumers.
 * - `<script>@<version id>` runs each other version that can get requests: the rest of a split
 *   deployment, the latest upload (started at upload, so a worker that throws at startup is
 *   refused as the platform refuses it) and older versions a preview host asked for. Their
 *   Durable Object bindings reach the primary's objects.
 */
import path from "node:path";
import type { WorkerOptions } from "miniflare";
import { moduleType } from "./multipart.ts";
import { currentDeployment, latestVersion, primaryVersion, type Binding, type PlatformState, type Script, type WorkerVersion } from "./state.ts";

/** A script name cannot hold a colon, so this never clashes with an uploaded worker. */
export const STAND_IN_WORKER = "platform-api:stand-in";
export const TARGET_HEADER = "x-stand-in-worker";
const STAND_IN_COMPATIBILITY_DATE = "2025-01-01";

/** The stand-in worker's bindings to the version workers, kept apart from its D1/KV/R2 ones. */
const ROUTE_PREFIX = "route:";

const STAND_IN_SCRIPT = `export default {
  fetch(request, env) {
    const target = env[${JSON.stringify(ROUTE_PREFIX)} + request.headers.get(${JSON.stringify(TARGET_HEADER)})];
    if (!target) return new Response("no such worker in the stand-in's runtime", { status: 502 });
    const headers = new Headers(request.headers);
    headers.delete(${JSON.stringify(TARGET_HEADER)});
    return target.fetch(new Request(request, { headers }));
  },
};`;

export interface ServedVersion {
  script: Script;
  version: WorkerVersion;
  workerName: string;
  primary: boolean;
}

export function servedVersions(state: PlatformState): ServedVersion[] {
  const served: ServedVersion[] = [];
  for (const script of state.scripts.values()) {
    const primary = primaryVersion(script);
    const wanted = new Set([...(currentDeployment(script)?.versions.map((entry) => entry.version_id) ?? []), latestVersion(script)?.id]);
    for (const version of script.versions) {
      if (version === primary) served.push({ script, version, workerName: script.name, primary: true });
      else if (wanted.has(version.id) || state.previewsRequested.has(version.id)) served.push({ script, version, workerName: `${script.name}@${version.id}`, primary: false });
    }
  }
  return served;
}

export function miniflareWorkers(state: PlatformState, dir: string, served: ServedVersion[]): WorkerOptions[] {
  return [standInWorker(state, served), ...served.map((entry) => versionWorker(state, dir, entry))];
}

function standInWorker(state: PlatformState, served: ServedVersion[]): WorkerOptions {
  const byId = (ids: Iterable<string>) => Object.fromEntries([...ids].map((id) => [id, id]));
  return {
    name: STAND_IN_WORKER,
    modules: true,
    script: STAND_IN_SCRIPT,
    compatibilityDate: STAND_IN_COMPATIBILITY_DATE,
    d1Databases: byId(state.d1.keys()),
    kvNamespaces: byId(state.kv.keys()),
    r2Buckets: byId(state.r2.keys()),
    // Under a prefix: a worker's name may be a bucket's too (sdk names an app's R2 bucket after its worker).
    serviceBindings: Object.fromEntries(served.map((entry) => [`${ROUTE_PREFIX}${entry.workerName}`, entry.workerName])),
  };
}

const text = (binding: Binding, field: string) => binding[field] as string;

function versionWorker(state: PlatformState, dir: string, served: ServedVersion): WorkerOptions {
  const { version } = served;
  const root = path.join(dir, "versions", version.id);
  const main = version.metadata.main_module;
  return {
    name: served.workerName,
    modulesRoot: root,
    // workerd runs the first module listed.
    modules: [...version.modules]
      .sort((a, b) => Number(b.name === main) - Number(a.name === main))
      .map((module) => ({ type: moduleType(module.contentType)!, path: path.join(root, module.name), contents: module.bytes })),
    compatibilityDate: version.metadata.compatibility_date,
    compatibilityFlags: version.metadata.compatibility_flags,
    bindings: Object.fromEntries([
      ...[...of(version, "plain_text"), ...of(version, "secret_text")].map((binding) => [binding.name, text(binding, "text")]),
      ...of(version, "json").map((binding) => [binding.name, binding.json]),
    ]),
    d1Databases: Object.fromEntries(of(version, "d1").map((binding) => [binding.name, text(binding, "id")])),
    kvNamespaces: Object.fromEntries(of(version, "kv_namespace").map((binding) => [binding.name, text(binding, "namespace_id")])),
    r2Buckets: Object.fromEntries(of(version, "r2_bucket").map((binding) => [binding.name, text(binding, "bucket_name")])),
    queueProducers: Object.fromEntries(of(version, "queue").map((binding) => [binding.name, { queueName: text(binding, "queue_name") }])),
    ...(served.primary && { queueConsumers: queueConsumers(state, served.script) }),
    ...durableObjects(state, served),
    email: { send_email: of(version, "send_email").map(sendEmail) },
    ...(version.assets && { assets: assets(version) }),
    // `ai` bindings are left out: Miniflare's AI binding calls the platform, which tests cannot
    // reach. `hyperdrive` too: Miniflare's Hyperdrive (4.20260426.0) keys its proxy servers by
    // binding name and never closes one a later setOptions replaces, and the stand-in refreshes
    // the runtime at every deploy, so the test process would never exit.
  };
}

type SendEmailOptions = NonNullable<NonNullable<WorkerOptions["email"]>["send_email"]>[number];

function sendEmail(binding: Binding): SendEmailOptions {
  if (typeof binding.destination_address === "string") return { name: binding.name, destination_address: binding.destination_address };
  if (Array.isArray(binding.allowed_destination_addresses)) return { name: binding.name, allowed_destination_addresses: binding.allowed_destination_addresses as string[] };
  return { name: binding.name };
}

function queueConsumers(state: PlatformState, script: Script): NonNullable<WorkerOptions["queueConsumers"]> {
  return Object.fromEntries(
    [...state.queues.values()].flatMap((queue) =>
      queue.consumers
        .filter((consumer) => consumer.script_name === script.name)
        .map(({ settings, dead_letter_queue }) => [
          queue.queue_name,
          {
            ...(settings.batch_size !== undefined && { maxBatchSize: settings.batch_size }),
            // The API counts milliseconds, Miniflare seconds.
            ...(settings.max_wait_time_ms !== undefined && { maxBatchTimeout: settings.max_wait_time_ms / 1000 }),
            ...(settings.max_retries !== undefined && { maxRetries: settings.max_retries }),
            ...(settings.retry_delay !== undefined && { retryDelay: settings.retry_delay }),
            ...(dead_letter_queue && { deadLetterQueue: dead_letter_queue }),
          },
        ]),
    ),
  );
}

/**
 * A class of the script is hosted by its primary; the other versions reach it there. A version of
 * a script with nothing deployed hosts its classes itself, under its own name (its objects start
 * empty and stay its own), and a class of another script is reachable only once that one is deployed.
 */
type DurableObjectOptions = Exclude<NonNullable<WorkerOptions["durableObjects"]>[string], string>;

function durableObjects(state: PlatformState, served: ServedVersion): Pick<WorkerOptions, "durableObjects" | "additionalUnboundDurableObjects"> {
  const { script, version, primary } = served;
  const hosted = (className: string): DurableObjectOptions => ({ className, useSQLite: script.classes.get(className)?.sqlite ?? true });
  const hostsOwnClasses = primary || !primaryVersion(script);
  const bound = new Set<string>();
  const entries = of(version, "durable_object_namespace").flatMap((binding): [string, DurableObjectOptions][] => {
    const className = text(binding, "class_name");
    const owner = (binding.script_name as string | undefined) ?? script.name;
    if (owner === script.name && hostsOwnClasses) {
      bound.add(className);
      return [[binding.name, hosted(className)]];
    }
    const ownerScript = state.scripts.get(owner);
    return ownerScript && primaryVersion(ownerScript) ? [[binding.name, { className, scriptName: owner }]] : [];
  });
  const unbound = primary ? [...script.classes.keys()].filter((className) => !bound.has(className)).map(hosted) : [];
  return { durableObjects: Object.fromEntries(entries), additionalUnboundDurableObjects: unbound };
}

function of(version: WorkerVersion, type: string): Binding[] {
  return version.bindings.filter((binding) => binding.type === type);
}

function assets(version: WorkerVersion): WorkerOptions["assets"] {
  const { directory, config } = version.assets!;
  const runFirst = config.run_worker_first;
  return {
    directory,
    binding: of(version, "assets")[0]?.name,
    routerConfig: {
      has_user_worker: true,
      invoke_user_worker_ahead_of_assets: runFirst === true,
      ...(Array.isArray(runFirst) && { static_routing: { user_worker: runFirst } }),
    },
    assetConfig: {
      compatibility_date: version.metadata.compatibility_date,
      compatibility_flags: version.metadata.compatibility_flags,
      ...(config.html_handling && { html_handling: config.html_handling as "auto-trailing-slash" }),
      not_found_handling: (config.not_found_handling ?? "none") as "none",
    },
  };
}
