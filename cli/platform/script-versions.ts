/**
 * The worker calls beyond a deploy's (scripts.ts): removing one secret, reading one version's
 * runtime settings, patching the deployed version's CPU limit and the script's own settings. Each names its operation in
 * Cloudflare's OpenAPI schema.
 */
import type { PlatformApi } from "./api.js";

const script = (accountId: string, name: string) => `/accounts/${accountId}/workers/scripts/${encodeURIComponent(name)}`;

export interface VersionDetail {
  id: string;
  number?: number;
  resources: { script_runtime?: { compatibility_date?: string; limits?: { cpu_ms?: number } } };
}

/** worker-delete-script-secret: the worker runs without it at once (the platform deploys a new version). */
export async function deleteSecret(api: PlatformApi, accountId: string, name: string, secretName: string): Promise<void> {
  await api.request("DELETE", `${script(accountId, name)}/secrets/${encodeURIComponent(secretName)}`);
}

/** worker-versions-get-version-detail */
export async function versionDetail(api: PlatformApi, accountId: string, name: string, versionId: string): Promise<VersionDetail> {
  return api.get(`${script(accountId, name)}/versions/${encodeURIComponent(versionId)}`);
}

/**
 * worker-script-patch-settings: a multipart body whose `settings` part is JSON. It applies to the
 * deployed version (the platform deploys a copy with the new limit).
 */
export async function patchCpuLimit(api: PlatformApi, accountId: string, name: string, cpuMs: number): Promise<void> {
  const form = new FormData();
  form.append("settings", new Blob([JSON.stringify({ limits: { cpu_ms: cpuMs } })], { type: "application/json" }));
  await api.request("PATCH", `${script(accountId, name)}/settings`, { form });
}

/** worker-script-settings-patch-settings: the script's own settings (logpush, tail consumers, observability), apart from any version. */
export async function patchScriptSettings(api: PlatformApi, accountId: string, name: string, settings: { logpush?: boolean; tail_consumers?: object[]; observability?: object }): Promise<void> {
  await api.request("PATCH", `${script(accountId, name)}/script-settings`, { json: settings });
}
