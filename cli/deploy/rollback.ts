/**
 * `sdk rollback [version]`: all traffic back to an earlier version (by default the one deployed
 * before the current one). The contract: a version whose `limits.cpu_ms` is above the account's
 * current plan ceiling (the plan changed since) gets its limit capped at that ceiling. A
 * version's settings cannot change, so the cap is a settings patch of the deployed version, which
 * the platform applies as a copy of it with the lower limit.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import { CPU_MS_CEILING, workerPlan } from "../platform/account.js";
import { PlatformApiError, type PlatformApi } from "../platform/api.js";
import { deploymentsOrNone, deployVersion, type Deployment } from "../platform/scripts.js";
import { patchCpuLimit, versionDetail } from "../platform/script-versions.js";

/** stand-in and API: a version id the script does not have is refused with 404. */
const NOT_FOUND = 404;

export interface RollbackResult {
  workerName: string;
  /** What had the traffic before. */
  fromVersionId: string;
  toVersionId: string;
  /** The limit the version was uploaded with and the one it runs with now, when it was capped. */
  cpuCapped?: { from: number; to: number };
  /** The version's limit, left as it was: the token may not read the plan (Billing:Read), so its ceiling is unknown. */
  cpuUnchecked?: number;
}

export async function rollback(api: PlatformApi, accountId: string, workerName: string, requested: string | undefined, progress: { doing: string }): Promise<RollbackResult> {
  progress.doing = `reading the deployments of worker ${workerName}`;
  const deployments = await deploymentsOrNone(api, accountId, workerName);
  const current = deployments[0] && mainVersion(deployments[0]);
  if (!current) throw nothingToRollBack(workerName, "it has never been deployed");
  const target = requested ?? deployments.map(mainVersion).find((version) => version && version !== current);
  if (!target) throw nothingToRollBack(workerName, `it has had only one version deployed (${current})`);
  if (target === current) {
    throw new UserError([error("SDK_ROLLBACK_SAME_VERSION", `version ${target} already has all of worker ${workerName}'s traffic: nothing to roll back`, {
      hint: `name an earlier version: the recent ones are ${recentVersions(deployments)}`,
    })]);
  }

  progress.doing = `reading version ${target} of worker ${workerName}`;
  const detail = await versionDetail(api, accountId, workerName, target).catch((cause: unknown) => {
    if (cause instanceof PlatformApiError && cause.status === NOT_FOUND) {
      throw new UserError([error("SDK_ROLLBACK_VERSION_NOT_FOUND", `worker ${workerName} has no version ${target}`, {
        hint: `the recent versions are ${recentVersions(deployments)}; run sdk rollback without a version for the one before the current`,
      })]);
    }
    throw cause;
  });
  progress.doing = "reading the account's plan";
  const plan = await workerPlan(api, accountId);
  const ceiling = plan && CPU_MS_CEILING[plan];
  const cpuMs = detail.resources.script_runtime?.limits?.cpu_ms;

  progress.doing = `moving worker ${workerName}'s traffic to version ${target}`;
  await deployVersion(api, accountId, workerName, target, `sdk rollback ${new Date().toISOString()}`);
  const result: RollbackResult = { workerName, fromVersionId: current, toVersionId: target };
  if (cpuMs !== undefined && ceiling === undefined) result.cpuUnchecked = cpuMs;
  if (cpuMs !== undefined && ceiling !== undefined && cpuMs > ceiling) {
    await patchCpuLimit(api, accountId, workerName, ceiling).catch((cause: unknown) => {
      throw notCapped(workerName, target, cpuMs, ceiling, cause);
    });
    result.cpuCapped = { from: cpuMs, to: ceiling };
  }
  return result;
}

/** The traffic moved already: the message says where it is, so the user is not left guessing. */
function notCapped(workerName: string, target: string, cpuMs: number, ceiling: number, cause: unknown): UserError {
  const reason = cause instanceof PlatformApiError ? cause.message : String(cause);
  return new UserError([error("SDK_ROLLBACK_CPU_NOT_CAPPED", `worker ${workerName} runs version ${target} again, but its limits.cpu_ms (${cpuMs}) could not be capped at the plan's ceiling of ${ceiling}: ${reason}`, {
    hint: `the platform enforces its own ceiling on the running worker; to set the limit, deploy with worker.limits.cpu_ms at ${ceiling} or less`,
  })]);
}


/** The version with the largest share: the one a rollback moves away from or back to. */
function mainVersion(deployment: Deployment): string | undefined {
  return [...deployment.versions].sort((a, b) => b.percentage - a.percentage)[0]?.version_id;
}

function recentVersions(deployments: readonly Deployment[]): string {
  return [...new Set(deployments.map(mainVersion).filter(Boolean))].slice(0, 5).join(", ") || "none";
}

function nothingToRollBack(workerName: string, why: string): UserError {
  return new UserError([error("SDK_ROLLBACK_NO_PREVIOUS", `worker ${workerName} has no earlier version to roll back to: ${why}`, {
    hint: "deploy with sdk deploy; a rollback needs an earlier deployment",
  })]);
}
