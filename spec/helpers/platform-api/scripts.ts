/**
 * A worker script's endpoints: the list, the two uploads, deployments, secrets, cron schedules
 * and the workers.dev switch. A script that does not exist answers 404 with code 10007 everywhere
 * under it, except the uploads (which create it) and the assets session (assets.ts).
 *
 * A secret is a `secret_text` binding of a version. As on the platform, putting one makes a new
 * version (the latest one with the secret set) and deploys it, and is refused with code 10215
 * while the latest version is not the one fully deployed: a version uploaded without traffic
 * first must be deployed, or carry its secrets in its own metadata.
 */
import { ApiError, CODE, jsonBody, ok, type ApiRequest, type Platform, type Route } from "./http.ts";
import { addDeployment, currentDeployment, findVersion, latestVersion, newUuid, now, type Deployment, type Script } from "./state.ts";
import { uploadWorker } from "./uploads.ts";

const SCRIPT = "/accounts/:a/workers/scripts/:name";

/** The script a request's path names, or the platform's 404 for it. */
export function existingScript(state: Platform["state"], request: ApiRequest): Script {
  const script = state.scripts.get(request.params.name);
  if (!script) throw new ApiError(404, CODE.scriptNotFound, `This Worker does not exist on your account: ${request.params.name}`);
  return script;
}

export function scriptRoutes(platform: Platform): Route[] {
  const { state, runtime } = platform;
  const existing = (request: ApiRequest): Script => existingScript(state, request);

  return [
    {
      method: "GET",
      pattern: "/accounts/:a/workers/scripts",
      handle: () =>
        ok([...state.scripts.values()].map((script) => ({ id: script.name, created_on: script.created_on, modified_on: script.modified_on, ...(script.migration_tag && { migration_tag: script.migration_tag }) }))),
    },
    {
      method: "PUT",
      pattern: SCRIPT,
      async handle(request) {
        // The script's settings, as the published schema answers them: no version or deployment
        // id (those are read from GET …/deployments).
        const { script, version } = await uploadWorker(platform, request, "deploy");
        return ok({ id: script.name, etag: version.etag, created_on: script.created_on, modified_on: script.modified_on, has_modules: true, startup_time_ms: version.startup_time_ms });
      },
    },
    {
      // worker-script-delete-worker: a script with durable objects goes only with `force`, and takes them along.
      method: "DELETE",
      pattern: SCRIPT,
      async handle(request) {
        const script = existing(request);
        if (script.classes.size && request.query.get("force") !== "true") throw new ApiError(400, CODE.invalidRequest, `${script.name} has Durable Object classes (${[...script.classes.keys()].join(", ")}); delete it with force=true to delete them too`);
        state.scripts.delete(script.name);
        await runtime.refresh();
        return ok(null);
      },
    },
    {
      method: "POST",
      pattern: `${SCRIPT}/versions`,
      async handle(request) {
        const { version } = await uploadWorker(platform, request, "version");
        return ok({
          id: version.id,
          number: version.number,
          // `has_preview` is the spelling wrangler's versions upload reads (`result.metadata.has_preview`);
          // the official SDK types it `hasPreview`. A worker with durable state has no preview URL.
          metadata: { has_preview: version.has_preview, created_on: version.created_on, modified_on: version.created_on, source: "api" },
          resources: { bindings: version.bindings.map(({ type, name }) => ({ type, name })), script: { etag: version.etag, handlers: ["fetch"] } },
          startup_time_ms: version.startup_time_ms,
        });
      },
    },
    {
      method: "GET",
      pattern: `${SCRIPT}/deployments`,
      handle: (request) => ok({ deployments: [...existing(request).deployments].reverse() }),
    },
    {
      method: "POST",
      pattern: `${SCRIPT}/deployments`,
      async handle(request) {
        const script = existing(request);
        const body = jsonBody<{ strategy?: string; versions?: Deployment["versions"]; annotations?: Record<string, string> }>(request);
        checkDeployment(script, body);
        const deployment = addDeployment(script, body.versions!, { ...body.annotations });
        await runtime.refresh();
        return ok(deployment);
      },
    },
    {
      method: "GET",
      pattern: `${SCRIPT}/secrets`,
      handle: (request) =>
        ok((latestVersion(existing(request))?.bindings ?? []).filter((binding) => binding.type === "secret_text").map((binding) => ({ name: binding.name, type: "secret_text" }))),
    },
    {
      method: "PUT",
      pattern: `${SCRIPT}/secrets`,
      async handle(request) {
        const script = existing(request);
        const secret = jsonBody<{ name?: string; text?: string; type?: string }>(request);
        if (typeof secret.name !== "string" || !secret.name || typeof secret.text !== "string" || secret.type !== "secret_text") {
          throw new ApiError(400, CODE.invalidRequest, "a secret needs a name, a text and type secret_text");
        }
        putSecret(script, secret.name, secret.text);
        await runtime.refresh();
        return ok({ name: secret.name, type: "secret_text" });
      },
    },
    {
      method: "PUT",
      pattern: `${SCRIPT}/schedules`,
      handle(request) {
        const script = existing(request);
        const schedules = jsonBody<{ cron?: unknown }[]>(request);
        if (!Array.isArray(schedules) || schedules.some((schedule) => typeof schedule?.cron !== "string")) throw new ApiError(400, CODE.invalidRequest, "schedules must be a list of { cron }");
        script.schedules = schedules.map((schedule) => ({ cron: schedule.cron as string }));
        return ok({ schedules: script.schedules });
      },
    },
    {
      method: "GET",
      pattern: `${SCRIPT}/subdomain`,
      handle: (request) => ok(existing(request).subdomain),
    },
    {
      method: "POST",
      pattern: `${SCRIPT}/subdomain`,
      handle(request) {
        const script = existing(request);
        const body = jsonBody<{ enabled?: unknown; previews_enabled?: unknown }>(request);
        if (typeof body.enabled !== "boolean") throw new ApiError(400, CODE.invalidRequest, "enabled must be true or false");
        script.subdomain = { enabled: body.enabled, previews_enabled: typeof body.previews_enabled === "boolean" ? body.previews_enabled : script.subdomain.previews_enabled };
        return ok(script.subdomain);
      },
    },
  ];
}

function checkDeployment(script: Script, body: { strategy?: string; versions?: Deployment["versions"] }): void {
  const refuse = (message: string) => new ApiError(400, CODE.invalidDeployment, message);
  if (body.strategy !== "percentage") throw refuse(`strategy must be "percentage", got ${body.strategy}`);
  if (!Array.isArray(body.versions) || !body.versions.length) throw refuse("a deployment names at least one version");
  for (const entry of body.versions) {
    if (!findVersion(script, entry.version_id)) throw refuse(`version ${entry.version_id} is not a version of ${script.name}`);
    if (typeof entry.percentage !== "number" || entry.percentage <= 0) throw refuse(`version ${entry.version_id} needs a percentage above 0`);
  }
  const total = body.versions.reduce((sum, entry) => sum + entry.percentage, 0);
  if (Math.abs(total - 100) > 1e-9) throw refuse(`the versions' percentages add up to ${total}, not 100`);
}

function putSecret(script: Script, name: string, text: string): void {
  const latest = latestVersion(script);
  const deployed = currentDeployment(script)?.versions;
  if (!latest || deployed?.length !== 1 || deployed[0].version_id !== latest.id) {
    throw new ApiError(
      400,
      CODE.latestVersionNotDeployed,
      "Secret edit failed. You attempted to modify a secret, but the latest version of your Worker isn't currently deployed. Please ensure that the latest version of your Worker is fully deployed before modifying secrets.",
    );
  }
  const version = {
    ...latest,
    id: newUuid(),
    number: latest.number + 1,
    created_on: now(),
    bindings: [...latest.bindings.filter((binding) => binding.name !== name), { type: "secret_text", name, text }],
    annotations: { "workers/triggered_by": "secret" },
  };
  script.versions.push(version);
  addDeployment(script, [{ version_id: version.id, percentage: 100 }], { "workers/triggered_by": "secret" });
}
