/**
 * A worker upload, either way the API takes one: `deploy` (PUT the script: applies migrations and
 * sends all traffic to the new version) or `version` (POST versions: no traffic, no migrations).
 * Everything is checked before the state changes; the new version is then started in workerd,
 * and an upload that does not start (it throws at startup, a module is missing) is taken back
 * and refused with workerd's message, as the platform refuses it.
 */
import { createHash } from "node:crypto";
import { assetsDirectory } from "./assets.ts";
import { resolveBindings } from "./bindings.ts";
import { ApiError, CODE, type ApiRequest, type Platform } from "./http.ts";
import { migrate } from "./migrations.ts";
import { readWorkerUpload } from "./multipart.ts";
import { RuntimeStartError } from "./runtime.ts";
import { addDeployment, createScript, latestVersion, newUuid, now, type Binding, type Deployment, type Script, type WorkerVersion } from "./state.ts";

/** The platform's rule for worker names. */
const SCRIPT_NAME = /^[a-z0-9_][a-z0-9_-]{0,62}$/;

export interface Uploaded {
  script: Script;
  version: WorkerVersion;
  deployment?: Deployment;
}

export async function uploadWorker(platform: Platform, request: ApiRequest, kind: "deploy" | "version"): Promise<Uploaded> {
  const { state } = platform;
  const name = request.params.name;
  if (!SCRIPT_NAME.test(name)) throw new ApiError(400, CODE.invalidScriptName, `Invalid Worker name ${name}: lowercase letters, digits, - and _ only, at most 63`);
  const { metadata, modules } = await readWorkerUpload(request.headers["content-type"], request.body);
  if (kind === "version" && metadata.migrations) {
    throw new ApiError(400, CODE.migrationsInVersionUpload, "Durable Object migrations are not supported with version uploads; deploy with a direct upload");
  }
  const existing = state.scripts.get(name);
  const migrated = migrate(existing, kind === "deploy" ? (metadata.migrations as Parameters<typeof migrate>[1]) : undefined);
  const bindings = resolveBindings(state, name, existing, metadata, migrated);
  const assets = metadata.assets && { directory: assetsDirectory(platform, name, metadata.assets), config: metadata.assets.config ?? {} };

  const script = existing ?? createScript(name);
  const version: WorkerVersion = {
    id: newUuid(),
    number: (latestVersion(script)?.number ?? 0) + 1,
    created_on: now(),
    metadata,
    modules,
    bindings,
    ...(assets && { assets }),
    annotations: { ...metadata.annotations, "workers/triggered_by": kind === "deploy" ? "upload" : "version_upload" },
    has_preview: !hasDurableState(script, migrated.classes, bindings),
    etag: createHash("sha256").update(request.body).digest("hex"),
    startup_time_ms: 1,
  };
  const before = { tag: script.migration_tag, classes: script.classes, modified: script.modified_on };
  state.scripts.set(name, script);
  script.versions.push(version);
  script.modified_on = version.created_on;
  let deployment: Deployment | undefined;
  const settingsBefore = script.settings;
  if (kind === "deploy") {
    // A direct upload sets the script's own settings as its metadata has them.
    script.settings = { logpush: metadata.logpush, tail_consumers: metadata.tail_consumers, observability: metadata.observability };
    script.migration_tag = migrated.tag;
    script.classes = migrated.classes;
    deployment = addDeployment(script, [{ version_id: version.id, percentage: 100 }], { "workers/triggered_by": "upload" });
  }

  try {
    await platform.runtime.refresh();
  } catch (error) {
    if (!(error instanceof RuntimeStartError)) throw error;
    script.versions = script.versions.filter((candidate) => candidate !== version);
    script.deployments = script.deployments.filter((candidate) => candidate !== deployment);
    Object.assign(script, { migration_tag: before.tag, classes: before.classes, modified_on: before.modified, settings: settingsBefore });
    if (!existing) state.scripts.delete(name);
    await platform.runtime.refresh();
    throw new ApiError(400, CODE.invalidWorker, `Uncaught error at the worker's startup: ${error.message}`);
  }
  return { script, version, deployment };
}

/** Durable Object classes of its own (created by a migration, or bound without another script's name): no preview URLs. */
function hasDurableState(script: Script, classes: ReadonlyMap<string, unknown>, bindings: readonly Binding[]): boolean {
  return script.classes.size > 0 || classes.size > 0 || bindings.some((binding) => binding.type === "durable_object_namespace" && (binding.script_name === undefined || binding.script_name === script.name));
}
