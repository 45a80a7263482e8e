/**
 * Container applications and the managed image registry's push credentials, the calls a sandbox
 * deploy makes as wrangler's containers deploy does (packages/wrangler/src/containers/deploy.ts:
 * list the applications, create one bound to the durable-object namespace of the uploaded
 * version, or modify it and roll the new image out; packages/containers-shared/src/login.ts:
 * credentials for `docker login`). Shapes are those of openapi-supplement.json (from the official
 * `cloudflare` package's types). What the platform refuses, the stand-in refuses: containers on a
 * free plan, a namespace the account does not have, a name taken by another namespace's
 * application, and an image of another account's managed registry.
 */
import { createHash } from "node:crypto";
import { ApiError, CODE, jsonBody, ok, type Platform, type Route } from "./http.ts";
import { newUuid, now, type PlatformState } from "./state.ts";

export const MANAGED_REGISTRY = "registry.cloudflare.com";

/** The list's page size when the request names none (the official types give no default). */
const APPLICATIONS_PER_PAGE = 20;

export interface ContainerConfiguration {
  image: string;
  instance_type?: string;
  [field: string]: unknown;
}

export interface ContainerApplication {
  id: string;
  name: string;
  configuration: ContainerConfiguration;
  instances: number;
  max_instances: number;
  namespaceId: string;
  created_at: string;
  updated_at: string;
  version: number;
  rollouts: { description: string; target_configuration: ContainerConfiguration }[];
}

/** A durable-object class's namespace id: stable for the account, script and class. */
export function namespaceId(state: PlatformState, scriptName: string, className: string): string {
  return createHash("sha256").update(`${state.account.id}/${scriptName}/${className}`).digest("hex").slice(0, 32);
}

/** Every namespace the account's scripts have, by id. */
function namespaces(state: PlatformState): Map<string, { script: string; className: string }> {
  const found = new Map<string, { script: string; className: string }>();
  for (const script of state.scripts.values()) for (const className of script.classes.keys()) found.set(namespaceId(state, script.name, className), { script: script.name, className });
  return found;
}

type CreateBody = { name?: string; scheduling_policy?: string; configuration?: ContainerConfiguration; instances?: number; max_instances?: number; durable_objects?: { namespace_id?: string; class_name?: string; script_name?: string } };

export function containerRoutes({ state }: Platform): Route[] {
  const applications = state.containers;
  const find = (id: string): ContainerApplication => {
    const application = applications.get(id);
    if (!application) throw new ApiError(404, CODE.containerApplicationNotFound, `application ${id} not found`);
    return application;
  };
  return [
    {
      method: "GET",
      pattern: "/accounts/:a/containers/applications",
      handle(request) {
        const name = request.query.get("name");
        const all = [...applications.values()].filter((application) => name === null || application.name === name);
        const perPage = Number(request.query.get("per_page") ?? APPLICATIONS_PER_PAGE);
        const start = Number(request.query.get("page_token") ?? 0);
        const page = all.slice(start, start + perPage);
        const next = start + perPage < all.length ? String(start + perPage) : undefined;
        return ok(page.map((application) => answer(state.account.id, application)), 200, { per_page: perPage, ...(next && { next_page_token: next }) });
      },
    },
    {
      method: "POST",
      pattern: "/accounts/:a/containers/applications",
      handle(request) {
        const body = jsonBody<CreateBody>(request);
        if (state.plan !== "paid") throw new ApiError(403, CODE.containersNotEntitled, "Containers are available on the Workers Paid plan only");
        if (body.scheduling_policy !== "default") throw new ApiError(400, CODE.invalidRequest, "the stand-in models scheduler-backed applications (scheduling_policy default), as wrangler creates them");
        const namespace = body.durable_objects?.namespace_id;
        if (!namespace || !namespaces(state).has(namespace)) throw new ApiError(400, CODE.invalidRequest, `durable_objects.namespace_id ${namespace ?? "(none)"} is not a durable-object namespace of this account`);
        const taken = [...applications.values()].find((application) => application.name === body.name);
        if (taken) throw new ApiError(409, CODE.containerApplicationExists, `an application named ${body.name} already exists (${taken.id})`);
        checkImage(state, body.configuration!.image);
        const created = now();
        const application: ContainerApplication = { id: newUuid(), name: body.name!, configuration: body.configuration!, instances: body.instances ?? 0, max_instances: body.max_instances ?? 0, namespaceId: namespace, created_at: created, updated_at: created, version: 1, rollouts: [] };
        applications.set(application.id, application);
        return ok(answer(state.account.id, application));
      },
    },
    {
      method: "PATCH",
      pattern: "/accounts/:a/containers/applications/:id",
      handle(request) {
        const application = find(request.params.id);
        const body = jsonBody<{ max_instances?: number }>(request);
        if (body.max_instances !== undefined) application.max_instances = body.max_instances;
        application.updated_at = now();
        return ok(answer(state.account.id, application));
      },
    },
    {
      method: "DELETE",
      pattern: "/accounts/:a/containers/applications/:id",
      handle(request) {
        applications.delete(find(request.params.id).id);
        return ok({});
      },
    },
    {
      method: "POST",
      pattern: "/accounts/:a/containers/applications/:id/rollouts",
      handle(request) {
        const application = find(request.params.id);
        const body = jsonBody<{ description: string; strategy: string; kind?: string; target_configuration: Partial<ContainerConfiguration> }>(request);
        const target = { ...application.configuration, ...body.target_configuration };
        checkImage(state, target.image);
        const current = application.configuration;
        application.rollouts.push({ description: body.description, target_configuration: target });
        application.configuration = target;
        application.version += 1;
        application.updated_at = now();
        const at = now();
        return ok({ id: newUuid(), created_at: at, current_configuration: current, current_version: application.version - 1, description: body.description, health: { errors: [], instances: { active: 0, assigned: 0 } }, kind: body.kind ?? "full_auto", last_updated_at: at, status: "progressing", strategy: body.strategy, target_configuration: target, target_version: application.version });
      },
    },
    {
      method: "POST",
      pattern: "/accounts/:a/containers/registries/:domain/credentials",
      handle(request) {
        if (request.params.domain !== MANAGED_REGISTRY) throw new ApiError(404, CODE.invalidObjectIdentifier, `${request.params.domain} is not an image registry of this account`);
        return ok({ account_id: state.account.id, registry_host: MANAGED_REGISTRY, username: `v1`, password: `stand-in-registry-password-${newUuid()}` });
      },
    },
  ];
}

/** The managed registry serves an account its own repositories only. */
function checkImage(state: PlatformState, image: string): void {
  const [host, owner] = image.split("/");
  if (host === MANAGED_REGISTRY && owner !== state.account.id) throw new ApiError(400, CODE.invalidRequest, `image ${image} is in account ${owner}'s repository of the managed registry, which this account cannot pull`);
}

function answer(accountId: string, application: ContainerApplication) {
  return {
    id: application.id,
    account_id: accountId,
    name: application.name,
    scheduling_policy: "default",
    configuration: application.configuration,
    instances: application.instances,
    max_instances: application.max_instances,
    durable_objects: { namespace_id: application.namespaceId },
    created_at: application.created_at,
    updated_at: application.updated_at,
    version: application.version,
  };
}
