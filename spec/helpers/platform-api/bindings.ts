/**
 * An upload's bindings as the platform checks them: each names a resource the account has (else
 * 400, code 10021, naming the binding), `limits.cpu_ms` is within the plan's ceiling, and
 * `keep_bindings` carries over the latest version's bindings of those types (secrets included).
 */
import { ApiError, CODE } from "./http.ts";
import type { MigratedClasses } from "./migrations.ts";
import { latestVersion, type Binding, type Plan, type PlatformState, type Script, type WorkerMetadata } from "./state.ts";

/** `limits.cpu_ms` allowed per plan, as the platform documents it. */
const CPU_MS_CEILING: Record<Plan, number> = { free: 10, paid: 300_000 };

const HTML_HANDLING = ["auto-trailing-slash", "force-trailing-slash", "drop-trailing-slash", "none"];
const NOT_FOUND_HANDLING = ["single-page-application", "404-page", "none"];

const refuse = (message: string) => new ApiError(400, CODE.invalidWorker, message);

export function resolveBindings(state: PlatformState, scriptName: string, script: Script | undefined, metadata: WorkerMetadata, migrated: MigratedClasses): Binding[] {
  const cpu = metadata.limits?.cpu_ms;
  if (cpu !== undefined && cpu > CPU_MS_CEILING[state.plan]) {
    throw new ApiError(400, CODE.cpuLimitOverPlan, `limits.cpu_ms ${cpu} is above the ${state.plan} plan's ceiling of ${CPU_MS_CEILING[state.plan]} ms`);
  }
  checkAssetsConfig(metadata);
  const own = metadata.bindings ?? [];
  const names = new Set<string>();
  for (const binding of own) {
    if (typeof binding.name !== "string" || !binding.name) throw refuse(`a binding of type ${binding.type} has no name`);
    if (names.has(binding.name)) throw refuse(`Binding name '${binding.name}' is used by more than one binding`);
    names.add(binding.name);
    const missing = missingResource(state, scriptName, binding, migrated, metadata);
    if (missing) throw refuse(`binding ${binding.name} (${binding.type}): ${missing}`);
  }
  const kept = new Set(metadata.keep_bindings ?? []);
  const inherited = (script && latestVersion(script)?.bindings.filter((binding) => kept.has(binding.type) && !names.has(binding.name))) ?? [];
  return [...own, ...inherited];
}

function checkAssetsConfig(metadata: WorkerMetadata): void {
  const config = metadata.assets?.config ?? {};
  if (config.html_handling !== undefined && !HTML_HANDLING.includes(config.html_handling)) throw refuse(`assets.config.html_handling ${config.html_handling} is not one of ${HTML_HANDLING.join(", ")}`);
  if (config.not_found_handling !== undefined && !NOT_FOUND_HANDLING.includes(config.not_found_handling)) throw refuse(`assets.config.not_found_handling ${config.not_found_handling} is not one of ${NOT_FOUND_HANDLING.join(", ")}`);
}

/** What the binding lacks, or undefined when it is complete. */
function missingResource(state: PlatformState, scriptName: string, binding: Binding, migrated: MigratedClasses, metadata: WorkerMetadata): string | undefined {
  const field = (name: string) => (typeof binding[name] === "string" ? (binding[name] as string) : undefined);
  switch (binding.type) {
    case "plain_text":
    case "secret_text":
      return field("text") === undefined ? "has no text" : undefined;
    case "json":
      return binding.json === undefined ? "has no json" : undefined;
    case "d1":
      return state.d1.has(field("id") ?? "") ? undefined : `D1 database ${field("id")} does not exist on the account`;
    case "kv_namespace":
      return state.kv.has(field("namespace_id") ?? "") ? undefined : `KV namespace ${field("namespace_id")} does not exist on the account`;
    case "r2_bucket":
      return state.r2.has(field("bucket_name") ?? "") ? undefined : `R2 bucket ${field("bucket_name")} does not exist on the account`;
    case "queue":
      return [...state.queues.values()].some((queue) => queue.queue_name === field("queue_name")) ? undefined : `queue ${field("queue_name")} does not exist on the account`;
    case "durable_object_namespace":
      return missingClass(state, scriptName, field("class_name"), field("script_name"), migrated);
    case "assets":
      return metadata.assets ? undefined : "the upload has no assets (metadata.assets)";
    case "service":
      return state.scripts.has(field("service") ?? "") || field("service") === scriptName ? undefined : `service ${field("service")} is not a worker on the account`;
    case "analytics_engine":
      // The platform creates a dataset at its first write.
      return undefined;
    case "workflow":
      return field("workflow_name") && field("class_name") ? undefined : "needs workflow_name and class_name";
    case "vectorize":
      return field("index_name") ? undefined : "has no index_name";
    case "hyperdrive":
      return state.hyperdrive.has(field("id") ?? "") ? undefined : `Hyperdrive configuration ${field("id")} does not exist on the account`;
    case "send_email":
    case "ai":
    case "version_metadata":
    case "browser":
    case "images":
      return undefined;
    default:
      return `the stand-in does not know binding type ${binding.type}`;
  }
}

function missingClass(state: PlatformState, scriptName: string, className: string | undefined, owner: string | undefined, migrated: MigratedClasses): string | undefined {
  if (!className) return "has no class_name";
  if (!owner || owner === scriptName) {
    return migrated.classes.has(className) ? undefined : `Durable Object class ${className} was not created by a migration of ${scriptName} (a direct upload with migrations creates it)`;
  }
  const ownerScript = state.scripts.get(owner);
  if (!ownerScript) return `script ${owner} does not exist on the account`;
  return ownerScript.classes.has(className) ? undefined : `script ${owner} has no Durable Object class ${className}`;
}
