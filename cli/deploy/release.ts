/**
 * Moving traffic to the new code. Staged: upload a version with no traffic, check its preview
 * URL answers (and renders the pages the build left to the deploy: ready-and-prerendered.ts),
 * then deploy it; a version that never answers gets no traffic. A version with no
 * preview URL (a worker with durable state has none: the upload answers `has_preview: false`,
 * as wrangler reads it; or `preview_urls: false`) can only be checked by the platform's own
 * startup check before traffic, so it is deployed and then checked like an atomic one. Atomic:
 * upload and deploy in one step, then check; a failed check rolls back to the previous version,
 * except across a durable-state migration, which cannot be undone. The workers.dev route and
 * preview URLs are set as the config says (`workers_dev`, `preview_urls`); without the route the
 * production check is the platform's acceptance alone.
 */
import { PlatformApiError, type PlatformApi } from "../platform/api.js";
import { deploymentsOrNone, deployVersion, hasPreview, listDeployments, setWorkersDev, uploadAndDeploy, uploadVersion, type Deployment } from "../platform/scripts.js";
import { notProbed, workersDevHost, type ReadinessResult } from "./readiness.js";
import type { WorkersDevWanted } from "./workers-dev.js";

export type DeployMode = "staged" | "atomic";

export interface ReleaseInputs {
  api: PlatformApi;
  accountId: string;
  workerName: string;
  /** The account's workers.dev subdomain; undefined when the worker uses neither the route nor previews. */
  subdomain?: string;
  workersDev: WorkersDevWanted;
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
  const { api, accountId, workerName, subdomain, workersDev } = inputs;
  const previousVersionId = liveVersion(await deploymentsOrNone(api, accountId, workerName));
  const switches = { enabled: workersDev.enabled, previews_enabled: workersDev.previews };
  if (inputs.mode === "staged") {
    const version = await uploadVersion(api, accountId, workerName, inputs.form());
    await setWorkersDev(api, accountId, workerName, switches);
    if (subdomain && workersDev.previews && hasPreview(version)) {
      const readiness = await inputs.checkReady(workersDevHost(workerName, subdomain, version.id));
      if (!readiness.ready) return { mode: "staged", versionId: version.id, previousVersionId, readiness, live: false, rolledBack: false };
      await deployVersion(api, accountId, workerName, version.id, inputs.message);
      return { mode: "staged", versionId: version.id, previousVersionId, readiness, live: true, rolledBack: false };
    }
    await deployVersion(api, accountId, workerName, version.id, inputs.message);
    return checkAfterTraffic(inputs, "staged", version.id, previousVersionId);
  }
  await uploadAndDeploy(api, accountId, workerName, inputs.form());
  // The script upload answers the script's settings, not its version: the deployment it made says.
  const versionId = liveVersion(await listDeployments(api, accountId, workerName));
  if (!versionId) throw new PlatformApiError("GET", `/accounts/${accountId}/workers/scripts/${workerName}/deployments`, 200, [{ code: 0, message: "the upload made no deployment with all the traffic" }]);
  await setWorkersDev(api, accountId, workerName, switches);
  return checkAfterTraffic(inputs, "atomic", versionId, previousVersionId);
}

/** The new version has the traffic: check production, and move it back when it does not answer (and may go back). */
async function checkAfterTraffic(inputs: ReleaseInputs, mode: DeployMode, versionId: string, previousVersionId: string | undefined): Promise<ReleaseResult> {
  const { api, accountId, workerName, subdomain } = inputs;
  const readiness = subdomain && inputs.workersDev.enabled ? await inputs.checkReady(workersDevHost(workerName, subdomain)) : notProbed("workers_dev is off, so the worker has no workers.dev URL to ask");
  if (readiness.ready || !previousVersionId || inputs.migratesDurableState) return { mode, versionId, previousVersionId, readiness, live: true, rolledBack: false };
  // A deployment's message is at most 50 characters.
  await deployVersion(api, accountId, workerName, previousVersionId, `rollback: ${versionId.slice(0, 8)} did not answer`);
  return { mode, versionId, previousVersionId, readiness, live: false, rolledBack: true };
}

/** The version with all the traffic in the newest deployment (the list is newest first). */
function liveVersion(deployments: Deployment[]): string | undefined {
  return deployments[0]?.versions.find((version) => version.percentage === 100)?.version_id;
}
