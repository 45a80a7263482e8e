/**
 * `sdk deploy [--atomic] [--require-email] [--dry-run] [--allow-data-loss]`: older config files
 * converted first (as the contract says), then the deploy (cli/deploy/deploy.ts) with its steps
 * printed. A dry run needs no login: it writes what it would send under `.sdk/deploy/`.
 */
import { describeFailure } from "../deploy/prerender.js";
import { loadConfig } from "../../compiler/config/load.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { deploy, type DeployResult } from "../deploy/deploy.js";
import { writeDryRunArtifact, DRY_RUN_DIR } from "../deploy/dry-run-artifact.js";
import { DryRunApi } from "../deploy/dry-run-api.js";
import { refuseNonEdgeTarget, type DeployTarget } from "../deploy/target.js";
import { readLink, writeLink } from "../platform/link.js";
import { requireLogin } from "../platform/session.js";
import { chooseWorkerName } from "../platform/worker-name.js";
import { convertOldConfigsInMemory } from "../migrate/in-memory.js";
import { migrateOldConfigs } from "../migrate/migrate-configs.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { cyan, dim, green, printDiagnostics, printPhase, yellow } from "../report.js";

export interface DeployFlags extends GlobalOptions {
  atomic?: boolean;
  requireEmail?: boolean;
  dryRun?: boolean;
  allowDataLoss?: boolean;
}

export async function deployCommand(flags: DeployFlags): Promise<void> {
  const root = resolveRoot(flags.root);
  const print = flags.json ? () => {} : (line: string) => console.log(line);
  print(`${cyan("sdk deploy")} ${dim(root)}${flags.dryRun ? yellow(" (dry run: nothing is sent)") : ""}`);
  const converted = flags.dryRun ? null : await migrateOldConfigs(root);
  if (converted) {
    print(`  converted ${converted.sources.map((s) => s.file).join(", ")} into sdk.config.ts ${dim(`(old files in ${converted.kept.join(", ")})`)}`);
    for (const line of [...converted.adopted, ...converted.notes.map((note) => `${yellow("note:")} ${note}`)]) print(`  ${line}`);
  }
  // A dry run writes nothing, so it converts in memory what a deploy would convert on disk.
  const inMemory = flags.dryRun ? convertOldConfigsInMemory(root) : null;
  if (inMemory) print(`  would convert ${inMemory.sources.map((s) => s.file).join(", ")} into sdk.config.ts ${dim("(converted in memory for this dry run)")}`);
  const { config } = inMemory ?? (await loadConfig(root));
  refuseNonEdgeTarget(config);
  const target = flags.dryRun ? dryRunTarget(root, config) : liveTarget(root, config, print);

  const result = await deploy(root, target, {
    atomic: flags.atomic,
    requireEmail: flags.requireEmail,
    dryRun: flags.dryRun,
    allowDataLoss: flags.allowDataLoss,
    config: inMemory?.config,
    readinessAttempts: readinessAttempts(),
    onStep: (line) => print(`  ${line}`),
    onBuildPhase: flags.json ? undefined : printPhase,
  });
  if (!flags.json) printDiagnostics(root, result.warnings);
  if (flags.dryRun) {
    const written = writeDryRunArtifact(root, result, (target.api as DryRunApi).planned);
    if (flags.json) console.log(JSON.stringify({ ok: true, dryRun: true, ...summary(result), artifact: DRY_RUN_DIR, requests: written.requests }, null, 2));
    else {
      print(`  worker ${result.workerName} on account ${result.accountId}, compatibility date ${result.artifact!.metadata.compatibility_date}; a deploy would send:`);
      for (const request of (target.api as DryRunApi).planned) print(`    ${request.method} ${request.path}${request.parts ? dim(` (multipart: ${request.parts.map((part) => part.name).join(", ")})`) : ""}`);
      print(`  ${green("✓")} wrote ${written.requests} request(s) and the upload to ${DRY_RUN_DIR}/ ${dim("(requests.json, upload/)")}`);
      for (const item of result.unchecked) print(dim(`  not checked without the platform: ${item}`));
    }
    return;
  }
  const release = result.release!;
  if (flags.json) console.log(JSON.stringify({ ok: release.readiness.ready, ...summary(result) }, null, 2));
  if (!release.readiness.ready) throw notReady(result);
  print(`  ${green("✓")} ${result.workerName} is live ${dim(`(version ${release.versionId}, ${release.mode})`)}${result.url ? ` at ${result.url}` : dim(" (no workers.dev URL: workers_dev is off)")}`);
}

function summary(result: DeployResult) {
  const { artifact: _artifact, warnings: _warnings, ...rest } = result;
  return rest;
}

/**
 * The first deploy links the folder as `sdk project link` would, to the worker the build names,
 * on the logged-in account (or the config's `edge.account_id`).
 */
function liveTarget(root: string, config: Awaited<ReturnType<typeof loadConfig>>["config"], print: (line: string) => void): DeployTarget {
  const { api, accountId: loggedIn } = requireLogin("sdk deploy");
  const configured = typeof config.edge?.account_id === "string" ? config.edge.account_id : undefined;
  let link = readLink(root);
  if (!link) {
    const accountId = configured ?? loggedIn;
    if (!accountId) {
      throw new UserError([error("SDK_DEPLOY_NO_ACCOUNT", "sdk deploy does not know which account to deploy to: the token came from SDK_API_TOKEN without an account, and the folder is not linked", {
        hint: "run sdk project link (or set SDK_ACCOUNT_ID, or edge.account_id in sdk.config.ts)",
      })]);
    }
    link = { accountId, workerName: chooseWorkerName(root, config, undefined).name, linkedAt: new Date().toISOString() };
    writeLink(root, link);
    print(`  linked this folder to worker ${link.workerName} on account ${accountId} ${dim("(.sdk/link.json)")}`);
  }
  return { api, accountId: configured ?? link.accountId, workerName: link.workerName };
}

function dryRunTarget(root: string, config: Awaited<ReturnType<typeof loadConfig>>["config"]): DeployTarget {
  const link = readLink(root);
  const configured = typeof config.edge?.account_id === "string" ? config.edge.account_id : undefined;
  return {
    api: new DryRunApi(),
    accountId: configured ?? link?.accountId ?? "<account id>",
    workerName: link?.workerName ?? chooseWorkerName(root, config, undefined).name,
  };
}

/** `SDK_DEPLOY_READINESS_ATTEMPTS`: how often the new version is asked before it counts as not answering (default 5). */
function readinessAttempts(): number | undefined {
  const value = Number(process.env.SDK_DEPLOY_READINESS_ATTEMPTS);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function notReady(result: DeployResult): UserError {
  const release = result.release!;
  const where = release.rolledBack
    ? `traffic went back to the previous version ${release.previousVersionId}`
    : !release.live
      ? `traffic stays on the previous version${release.previousVersionId ? ` (${release.previousVersionId})` : ""}; the new version ${release.versionId} is uploaded without traffic`
      : `the new version keeps the traffic: ${release.previousVersionId ? "it carries a durable-state migration, which cannot be rolled back" : "the worker had no version before it"}`;
  const prerenderFailure = release.readiness.prerender?.failure;
  if (prerenderFailure) {
    return new UserError([error("SDK_DEPLOY_PRERENDER_FAILED", `the new version of ${result.workerName} answered, but ${describeFailure(prerenderFailure)}: ${where}`, {
      hint: `the page is prerendered with the deployed bindings and secrets; run sdk preview and request ${prerenderFailure.path} to see the failure, fix it (or export prerender = false) and deploy again`,
    })]);
  }
  return new UserError([error("SDK_DEPLOY_NOT_READY", `the new version of ${result.workerName} did not answer at ${release.readiness.url} (${release.readiness.detail}, ${release.readiness.attempts} attempt(s)): ${where}`, {
    hint: "run the build locally with sdk preview and request / to see the failure, fix it and deploy again",
  })]);
}
