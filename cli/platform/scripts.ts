/**
 * A worker script's calls: whether it exists, its secrets, versions (uploaded without traffic),
 * deployments (which versions get traffic), a direct upload that deploys at once, cron schedules
 * and its workers.dev route.
 */
import type { PlatformApi } from "./api.js";

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

export interface UploadedVersion {
  id: string;
  number: number;
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
export async function uploadAndDeploy(api: PlatformApi, accountId: string, name: string, form: FormData): Promise<{ id: string; deployment_id: string; version_id: string }> {
  return api.request("PUT", script(accountId, name), { form });
}

export async function listDeployments(api: PlatformApi, accountId: string, name: string): Promise<Deployment[]> {
  return (await api.get<{ deployments: Deployment[] }>(`${script(accountId, name)}/deployments`)).deployments;
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

/** Turns on `<name>.<subdomain>.workers.dev` and its version preview URLs. */
export async function enableWorkersDev(api: PlatformApi, accountId: string, name: string): Promise<void> {
  await api.request("POST", `${script(accountId, name)}/subdomain`, { json: { enabled: true, previews_enabled: true } });
}
