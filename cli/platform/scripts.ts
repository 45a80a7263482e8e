/**
 * A worker script's calls: whether it exists, its secrets, versions (uploaded without traffic),
 * deployments (which versions get traffic), a direct upload that deploys at once, cron schedules
 * and its workers.dev route.
 */
import { PlatformApiError, type PlatformApi } from "./api.js";

/** Error code for a script the account does not have. */
export const SCRIPT_NOT_FOUND = 10007;

export interface ScriptSummary {
  id: string;
  /** The last durable-state migration tag applied to the script, when it has one. */
  migration_tag?: string;
}

export interface Deployment {
  id: string;
  created_on: string;
  versions: { version_id: string; percentage: number }[];
}

/** A versions upload's answer, as the published schema has it (`workers_version-item-uploaded`). */
export interface UploadedVersion {
  id: string;
  number: number;
  /**
   * `has_preview` is what wrangler's versions upload reads (`result.metadata.has_preview`); the
   * official SDK types it `hasPreview`. False for a worker with durable state: it has no preview URL.
   */
  metadata?: { has_preview?: boolean; hasPreview?: boolean };
  /** The platform started the version: its startup took this long. */
  startup_time_ms?: number;
}

/** A script upload's answer: the script's settings, with no version or deployment id (read those from the deployments). */
export interface UploadedScript {
  id?: string;
  etag?: string;
  startup_time_ms?: number;
}

export const hasPreview = (version: UploadedVersion): boolean => Boolean(version.metadata?.has_preview ?? version.metadata?.hasPreview);

/** The script's workers.dev switches: its `<name>.<subdomain>.workers.dev` route and its versions' preview URLs. */
export interface WorkersDevSettings {
  enabled: boolean;
  previews_enabled: boolean;
}

const script = (accountId: string, name: string) => `/accounts/${accountId}/workers/scripts/${encodeURIComponent(name)}`;

export async function findScript(api: PlatformApi, accountId: string, name: string): Promise<ScriptSummary | undefined> {
  const scripts = await api.get<ScriptSummary[]>(`/accounts/${accountId}/workers/scripts`);
  return scripts.find((candidate) => candidate.id === name);
}

/** Names and types only: the API never returns a secret's value. */
export async function listSecrets(api: PlatformApi, accountId: string, name: string): Promise<{ name: string; type: string }[]> {
  return api.get(`${script(accountId, name)}/secrets`);
}

export async function putSecret(api: PlatformApi, accountId: string, name: string, secret: { name: string; text: string }): Promise<void> {
  await api.request("PUT", `${script(accountId, name)}/secrets`, { json: { ...secret, type: "secret_text" } });
}

/** Uploads a version that gets no traffic until a deployment names it. */
export async function uploadVersion(api: PlatformApi, accountId: string, name: string, form: FormData): Promise<UploadedVersion> {
  return api.request("POST", `${script(accountId, name)}/versions`, { form });
}

/** Uploads and deploys in one step: the new code takes all traffic at once. */
export async function uploadAndDeploy(api: PlatformApi, accountId: string, name: string, form: FormData): Promise<UploadedScript> {
  return api.request("PUT", script(accountId, name), { form });
}

export async function listDeployments(api: PlatformApi, accountId: string, name: string): Promise<Deployment[]> {
  return (await api.get<{ deployments: Deployment[] }>(`${script(accountId, name)}/deployments`)).deployments;
}

/** A worker's deployments, newest first; none for a worker that does not exist yet. */
export async function deploymentsOrNone(api: PlatformApi, accountId: string, name: string): Promise<Deployment[]> {
  try {
    return await listDeployments(api, accountId, name);
  } catch (cause) {
    if (cause instanceof PlatformApiError && cause.hasCode(SCRIPT_NOT_FOUND)) return [];
    throw cause;
  }
}

/** Sends all traffic to `versionId`. */
export async function deployVersion(api: PlatformApi, accountId: string, name: string, versionId: string, message: string): Promise<Deployment> {
  return api.request("POST", `${script(accountId, name)}/deployments`, {
    json: { strategy: "percentage", versions: [{ version_id: versionId, percentage: 100 }], annotations: { "workers/message": message } },
  });
}

export async function putSchedules(api: PlatformApi, accountId: string, name: string, crons: readonly string[]): Promise<void> {
  await api.request("PUT", `${script(accountId, name)}/schedules`, { json: crons.map((cron) => ({ cron })) });
}

/** Sets `<name>.<subdomain>.workers.dev` and its version preview URLs on or off, as wrangler's `subdomainDeploy` does. */
export async function setWorkersDev(api: PlatformApi, accountId: string, name: string, settings: WorkersDevSettings): Promise<WorkersDevSettings> {
  return api.request("POST", `${script(accountId, name)}/subdomain`, { json: settings });
}
