/**
 * Moving traffic to the new code. Staged: upload a version with no traffic, check its preview
 * URL answers, then deploy it; a version that never answers gets no traffic. Atomic: upload and
 * deploy in one step, then check; a failed check rolls back to the previous version, except
 * across a durable-state migration, which cannot be undone.
 */
import { PlatformApiError, type PlatformApi } from "../platform/api.js";
import { deployVersion, enableWorkersDev, listDeployments, SCRIPT_NOT_FOUND, uploadAndDeploy, uploadVersion, type Deployment } from "../platform/scripts.js";
import { workersDevHost, type ReadinessResult } from "./readiness.js";

export type DeployMode = "staged" | "atomic";

export interface ReleaseInputs {
  api: PlatformApi;
  accountId: string;
  workerName: string;
  subdomain: string;
  mode: DeployMode;
  form: () => FormData;
  message: string;
  /** Whether the upload carries durable-state migrations (atomic only). */
  migratesDurableState: boolean;
  /** Whether the worker at `host` answers; a dry run answers yes without asking. */
  checkReady: (host: string) => Promise<ReadinessResult>;
}

export interface ReleaseResult {
  mode: DeployMode;
  versionId: string;
  /** The version that had traffic before, when the worker had one. */
  previousVersionId?: string;
  readiness: ReadinessResult;
  /** Whether the new version has the traffic now. */
  live: boolean;
  rolledBack: boolean;
}

export async function release(inputs: ReleaseInputs): Promise<ReleaseResult> {
  const { api, accountId, workerName, subdomain } = inputs;
  const previousVersionId = (await deploymentsOf(api, accountId, workerName))[0]?.versions.find((v) => v.percentage === 100)?.version_id;
  if (inputs.mode === "staged") {
    const version = await uploadVersion(api, accountId, workerName, inputs.form());
    await enableWorkersDev(api, accountId, workerName);
    const readiness = await inputs.checkReady(workersDevHost(workerName, subdomain, version.id));
    if (!readiness.ready) return { mode: "staged", versionId: version.id, previousVersionId, readiness, live: false, rolledBack: false };
    await deployVersion(api, accountId, workerName, version.id, inputs.message);
    return { mode: "staged", versionId: version.id, previousVersionId, readiness, live: true, rolledBack: false };
  }
  const uploaded = await uploadAndDeploy(api, accountId, workerName, inputs.form());
  await enableWorkersDev(api, accountId, workerName);
  const readiness = await inputs.checkReady(workersDevHost(workerName, subdomain));
  if (readiness.ready || !previousVersionId || inputs.migratesDurableState) {
    return { mode: "atomic", versionId: uploaded.version_id, previousVersionId, readiness, live: true, rolledBack: false };
  }
  await deployVersion(api, accountId, workerName, previousVersionId, `rollback: ${uploaded.version_id} did not answer`);
  return { mode: "atomic", versionId: uploaded.version_id, previousVersionId, readiness, live: false, rolledBack: true };
}

/** A worker's first deploy finds no worker, so no deployments; any other failure stops the deploy. */
async function deploymentsOf(api: PlatformApi, accountId: string, workerName: string): Promise<Deployment[]> {
  try {
    return await listDeployments(api, accountId, workerName);
  } catch (cause) {
    if (cause instanceof PlatformApiError && cause.hasCode(SCRIPT_NOT_FOUND)) return [];
    throw cause;
  }
}
