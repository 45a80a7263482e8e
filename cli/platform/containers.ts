/**
 * The containers API under `/accounts/{id}/containers`, as wrangler calls it for a container
 * deploy (packages/wrangler/src/containers/deploy.ts through the client generated in
 * packages/containers-shared/src/client/services/ApplicationsService.ts and
 * ImageRegistriesService.ts). Shapes are the official `cloudflare` package's
 * (resources/containers/applications, registries/credentials).
 */
import type { PlatformApi } from "./api.js";

/** The platform's managed image registry (containers-shared `getCloudflareContainerRegistry`). */
export const MANAGED_REGISTRY = "registry.cloudflare.com";

export interface ContainerConfiguration {
  image: string;
  instance_type?: string;
}

export interface ContainerApplication {
  id: string;
  name: string;
  configuration?: ContainerConfiguration;
  max_instances?: number;
  durable_objects?: { namespace_id: string };
}

export interface CreateApplication {
  name: string;
  /** wrangler's default (containers/config.ts `SchedulingPolicy.DEFAULT`), bound to the class's namespace. */
  scheduling_policy: "default";
  configuration: ContainerConfiguration;
  /** Deprecated in favour of max_instances; wrangler sends 0. */
  instances: 0;
  max_instances: number;
  durable_objects: { namespace_id: string };
}

export interface RegistryCredentials {
  username: string;
  password: string;
  registry_host: string;
}

const applications = (accountId: string) => `/accounts/${accountId}/containers/applications`;

/** The application of that name, through every page (page_token paging, per the official types). */
export async function findApplication(api: PlatformApi, accountId: string, name: string): Promise<ContainerApplication | undefined> {
  let pageToken: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await api.page<ContainerApplication[]>(applications(accountId), { name, page_token: pageToken });
    const found = page.result.find((application) => application.name === name);
    if (found) return found;
    pageToken = (page.info as { next_page_token?: string } | undefined)?.next_page_token;
    if (!pageToken) return undefined;
  }
  return undefined;
}

export function createApplication(api: PlatformApi, accountId: string, application: CreateApplication): Promise<ContainerApplication> {
  return api.request("POST", applications(accountId), { json: application });
}

/** Settings that need no rollout (the image is not one of them). */
export async function modifyApplication(api: PlatformApi, accountId: string, id: string, change: { max_instances: number }): Promise<void> {
  await api.request("PATCH", `${applications(accountId)}/${encodeURIComponent(id)}`, { json: change });
}

/** A new image or instance type reaches the instances through a rollout, as wrangler's `doAction("modify")` starts one. */
export async function rollOut(api: PlatformApi, accountId: string, id: string, target: ContainerConfiguration): Promise<void> {
  await api.request("POST", `${applications(accountId)}/${encodeURIComponent(id)}/rollouts`, {
    json: { description: "sdk deploy", strategy: "rolling", kind: "full_auto", step_percentage: 100, target_configuration: target },
  });
}

export async function deleteApplication(api: PlatformApi, accountId: string, id: string): Promise<void> {
  await api.request("DELETE", `${applications(accountId)}/${encodeURIComponent(id)}`);
}

/** Short-lived push credentials for `docker login` (containers-shared/src/login.ts asks for 15 minutes). */
export function registryCredentials(api: PlatformApi, accountId: string): Promise<RegistryCredentials> {
  return api.request("POST", `/accounts/${accountId}/containers/registries/${MANAGED_REGISTRY}/credentials`, { json: { expiration_minutes: 15, permissions: ["push", "pull"] } });
}
