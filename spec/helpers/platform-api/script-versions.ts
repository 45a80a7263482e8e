/**
 * The calls `sdk secret delete` and `sdk rollback` make beyond scripts.ts: removing one secret,
 * one version's detail, the deployed version's settings patch, and the script's own settings
 * (logpush, tail consumers, observability) that a staged deploy patches after its release. Paths, bodies and answers
 * follow Cloudflare's OpenAPI schema (cloudflare/api-schemas openapi.json) and the official
 * `cloudflare` package (src/resources/workers/scripts/{secrets,versions,
 * script-and-version-settings}.ts); each route names its operation.
 *
 * As with putting a secret (scripts.ts), deleting one makes a new version from the latest one and
 * deploys it, refused with code 10215 while the latest version is not the one fully deployed.
 * Patching the settings makes a new version from the one fully deployed, which after a rollback
 * is not the latest: the 10215 rule is documented for secret edits only, and whether the platform
 * applies it to a settings patch too is for scripts/live-deploy.mjs to settle (see the note).
 */
import { ApiError, CODE, jsonBody, ok, type ApiRequest, type Platform, type Route } from "./http.ts";
import { namespaceId } from "./containers.ts";
import { readForm } from "./multipart.ts";
import { existingScript } from "./scripts.ts";
import { addDeployment, currentDeployment, findVersion, latestVersion, newUuid, now, type Binding, type Script, type ScriptSettings, type WorkerVersion } from "./state.ts";

const SCRIPT = "/accounts/:a/workers/scripts/:name";

/** stand-in: the platform's code for a secret the script does not have is not documented. */
const SECRET_NOT_FOUND = 10056;
/** stand-in: as for a deployment naming another script's version. */
const VERSION_NOT_FOUND = 10155;
/** `limits.cpu_ms` allowed per plan, as bindings.ts checks an upload's. */
const CPU_MS_CEILING = { free: 10, paid: 300_000 } as const;

export function scriptVersionRoutes(platform: Platform): Route[] {
  const { state, runtime } = platform;
  const existing = (request: ApiRequest): Script => existingScript(state, request);

  return [
    {
      // worker-delete-script-secret; the answer's result is null (SecretDeleteResponse | null).
      method: "DELETE",
      pattern: `${SCRIPT}/secrets/:secret`,
      async handle(request) {
        const script = existing(request);
        const name = decodeURIComponent(request.params.secret);
        const latest = deployedLatest(script);
        if (!latest.bindings.some((binding) => binding.type === "secret_text" && binding.name === name)) {
          throw new ApiError(404, SECRET_NOT_FOUND, `Secret ${name} not found on Worker ${script.name}`);
        }
        deriveVersion(script, latest, { bindings: latest.bindings.filter((binding) => binding.name !== name) }, "secret");
        await runtime.refresh();
        return ok(null);
      },
    },
    {
      // worker-versions-get-version-detail: `resources.script_runtime` holds the version's limits.
      method: "GET",
      pattern: `${SCRIPT}/versions/:version`,
      handle(request) {
        const script = existing(request);
        const version = findVersion(script, request.params.version);
        if (!version) throw new ApiError(404, VERSION_NOT_FOUND, `version ${request.params.version} is not a version of ${script.name}`);
        return ok(versionDetail(version, (className) => (script.classes.has(className) ? namespaceId(state, script.name, className) : undefined)));
      },
    },
    {
      // worker-script-patch-settings: multipart/form-data with one `settings` part of JSON.
      method: "PATCH",
      pattern: `${SCRIPT}/settings`,
      async handle(request) {
        const script = existing(request);
        const settings = await settingsPart(request);
        const deployed = fullyDeployed(script);
        const cpu = settings.limits?.cpu_ms;
        if (cpu !== undefined && (typeof cpu !== "number" || !Number.isInteger(cpu) || cpu < 1)) throw new ApiError(400, CODE.invalidRequest, "limits.cpu_ms must be a positive integer");
        const ceiling = CPU_MS_CEILING[state.plan];
        if (cpu !== undefined && cpu > ceiling) throw new ApiError(400, CODE.cpuLimitOverPlan, `limits.cpu_ms ${cpu} is above the ${state.plan} plan's ${ceiling}`);
        const version = deriveVersion(script, deployed, { limits: settings.limits }, "version_settings");
        await runtime.refresh();
        return ok({ bindings: version.bindings.map(withoutText), compatibility_date: version.metadata.compatibility_date, limits: version.metadata.limits ?? {} });
      },
    },
    {
      // worker-script-settings-patch-settings: JSON; the script's own settings, no new version.
      method: "PATCH",
      pattern: `${SCRIPT}/script-settings`,
      handle(request) {
        const script = existing(request);
        const body = jsonBody<ScriptSettings>(request);
        for (const key of ["logpush", "tail_consumers", "observability"] as const) if (body[key] !== undefined) (script.settings as Record<string, unknown>)[key] = body[key];
        return ok(script.settings);
      },
    },
  ];
}

function deployedLatest(script: Script): WorkerVersion {
  const latest = latestVersion(script);
  const deployed = currentDeployment(script)?.versions;
  if (!latest || deployed?.length !== 1 || deployed[0].version_id !== latest.id) {
    throw new ApiError(400, CODE.latestVersionNotDeployed, "You attempted to modify your Worker, but the latest version of your Worker isn't currently deployed. Please ensure that the latest version of your Worker is fully deployed.");
  }
  return latest;
}

/** The one version with all of the traffic; a split deployment has none. */
function fullyDeployed(script: Script): WorkerVersion {
  const deployed = currentDeployment(script)?.versions;
  const version = deployed?.length === 1 ? findVersion(script, deployed[0].version_id) : undefined;
  if (!version) throw new ApiError(400, CODE.latestVersionNotDeployed, "You attempted to modify your Worker, but no version of your Worker is fully deployed.");
  return version;
}

/** A copy of `from` with its bindings or limits changed, deployed at once. */
function deriveVersion(script: Script, from: WorkerVersion, change: { bindings?: Binding[]; limits?: { cpu_ms?: number } }, triggeredBy: string): WorkerVersion {
  const version: WorkerVersion = {
    ...from,
    id: newUuid(),
    number: from.number + 1,
    created_on: now(),
    metadata: { ...from.metadata, ...(change.limits && { limits: change.limits }) },
    bindings: change.bindings ?? from.bindings,
    annotations: { "workers/triggered_by": triggeredBy },
  };
  script.versions.push(version);
  addDeployment(script, [{ version_id: version.id, percentage: 100 }], { "workers/triggered_by": triggeredBy });
  return version;
}

/**
 * `namespaceOf`: the id of the script's own durable-object class, as the detail answers it on the
 * binding (wrangler's containers deploy reads `namespace_id` there: containers/deploy.ts).
 */
function versionDetail(version: WorkerVersion, namespaceOf: (className: string) => string | undefined) {
  return {
    id: version.id,
    number: version.number,
    metadata: { created_on: version.created_on, modified_on: version.created_on, source: "api", hasPreview: true },
    resources: {
      bindings: version.bindings.map(withoutText).map((binding) => withNamespace(binding, namespaceOf)),
      script_runtime: {
        compatibility_date: version.metadata.compatibility_date,
        compatibility_flags: version.metadata.compatibility_flags ?? [],
        ...(version.metadata.limits && { limits: version.metadata.limits }),
        usage_model: "standard",
      },
    },
  };
}

function withNamespace(binding: Binding, namespaceOf: (className: string) => string | undefined): Binding {
  if (binding.type !== "durable_object_namespace" || binding.script_name !== undefined) return binding;
  const id = namespaceOf(String(binding.class_name));
  return id ? { ...binding, namespace_id: id } : binding;
}

/** The API never answers a secret's text. */
function withoutText(binding: Binding): Binding {
  if (binding.type !== "secret_text") return binding;
  const { text: _text, ...rest } = binding;
  return rest as Binding;
}

async function settingsPart(request: ApiRequest): Promise<{ limits?: { cpu_ms?: number } }> {
  const form = await readForm(request.headers["content-type"], request.body);
  const part = form.get("settings");
  if (part === null) throw new ApiError(400, CODE.invalidRequest, "the settings patch has no settings part");
  try {
    return JSON.parse(typeof part === "string" ? part : await part.text());
  } catch {
    throw new ApiError(400, CODE.invalidRequest, "the settings part is not JSON");
  }
}
