/**
 * `sdk deploy`, in the order that keeps production safe: build and check everything that needs
 * no platform; read the account (plan, worker, secrets) and check against it; set up mail; then
 * change things, each recorded as soon as it is done: resources (ids into sdk.lock.json), database
 * migrations (history into sdk.lock.json; D1 through the API, PostgreSQL and MySQL directly at
 * the production URL), the sandbox's image (built and pushed with Docker), assets, the worker
 * itself (staged or atomic), and what hangs off a live worker (the sandbox's container
 * application, cron schedules, queue consumers, inbound mail). Nothing before the sandbox
 * image's push (to the account's registry, not the worker) and the resources step writes to the
 * platform, so a refused deploy changes nothing.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { loadBundlerConfig } from "../../build/bundler-config.js";
import type { SdkConfig } from "../../compiler/config/define.js";
import { UserError, type Diagnostic } from "../../compiler/diagnostics.js";
import type { AppIR } from "../../compiler/ir.js";
import { build } from "../../build/pipeline.js";
import { readAppName, readLockResolved } from "../../compiler/project-files.js";
import { emitWranglerConfig } from "../../emitters/wrangler.js";
import { workerPlan, type WorkerPlan } from "../platform/account.js";
import { platformFailure } from "../platform/failures.js";
import type { PlatformApi } from "../platform/api.js";
import { findScript, listSecrets } from "../platform/scripts.js";
import { collectAssets, uploadAssets } from "./assets-upload.js";
import { pendingDurableMigrations } from "./durable-migrations.js";
import { recordSendEmail } from "./email-lock.js";
import { afterRelease } from "./after-release.js";
import { emailNotVerified, setUpEmail, type EmailSetup } from "./email-setup.js";
import { applyRemoteMigrations, type RemoteMigrations } from "./remote-migrations.js";
import { checkMigrationHistory, checkRequiredVariables, cpuCeilingProblem } from "./preflight.js";
import { applyProductionMigrations, productionDatabaseUrl } from "./production-database.js";
import { provisionResources, type ProvisionStep } from "./provision.js";
import { release, type DeployMode, type ReleaseResult } from "./release.js";
import { applyContainer, checkContainerAccess, pushedImage, sandboxDockerProblem, sandboxImage, sandboxProblems, type ContainerOutcome, type SandboxImage } from "./sandbox.js";
import { configuredRoutes, planRoutes, type PlannedRoute } from "./routes.js";
import { unsentFields } from "./sent-fields.js";
import type { DeployTarget } from "./target.js";
import { uploadForm, uploadMetadata, type UploadMetadata } from "./worker-upload.js";
import { workerModules, type WorkerModule } from "./worker-modules.js";
import { workersDevHost } from "./readiness.js";
import { productionHosts, warmProduction } from "./prerender.js";
import { readyAndPrerendered } from "./ready-and-prerendered.js";
import { servesRoot } from "./serves-root.js";
import { subdomainStep, wantedWorkersDev } from "./workers-dev.js";
import type { AssetManifest } from "../platform/assets.js";

type Json = Record<string, unknown>;

export interface DeployOptions {
  atomic?: boolean;
  requireEmail?: boolean;
  dryRun?: boolean;
  readinessAttempts?: number;
  /** Apply a migration the data-loss guard refuses. */
  allowDataLoss?: boolean;
  /** The config to build with instead of sdk.config.ts: a dry run's in-memory conversion of older config files. */
  config?: SdkConfig;
  /** Progress lines for the terminal. */
  onStep?: (line: string) => void;
  onBuildPhase?: Parameters<typeof build>[0]["onPhase"];
}

export interface DeployResult {
  workerName: string;
  accountId: string;
  mode: DeployMode;
  /** Why the mode differs from the one asked for. */
  modeNote?: string;
  provisioned: ProvisionStep[];
  migrations: RemoteMigrations;
  assets: { uploaded: number; total: number };
  email?: EmailSetup;
  release?: ReleaseResult;
  url?: string;
  /** What happened to the sandbox's container application, and the image it runs. */
  sandbox?: { image: string; container: ContainerOutcome };
  warnings: Diagnostic[];
  /** What a dry run could not check without asking the platform. */
  unchecked: string[];
  /** A dry run's upload, for the files it writes. */
  artifact?: { metadata: UploadMetadata; modules: WorkerModule[]; assetsManifest: AssetManifest };
}

export async function deploy(root: string, target: DeployTarget, options: DeployOptions): Promise<DeployResult> {
  const progress = { doing: "building" };
  try {
    return await deploySteps(root, target, options, progress);
  } catch (cause) {
    throw platformFailure(cause, progress.doing);
  }
}

/** `progress.doing` names the step under way, for the message when the platform refuses it. */
async function deploySteps(root: string, target: DeployTarget, options: DeployOptions, progress: { doing: string }): Promise<DeployResult> {
  const step = options.onStep ?? (() => {});
  const { api, accountId, workerName } = target;
  const bundlerConfig = await loadBundlerConfig(root);
  const report = await build({ root, target: "edge", mode: "production", config: options.config, userPlugins: bundlerConfig.plugins, ui: bundlerConfig.ui, onPhase: options.onBuildPhase });
  const ir = report.ir;
  const serverDir = path.join(root, "dist", "server");
  const generated = wranglerFor(root, ir);
  const local = unsentFields(ir.config.edge, workerName);
  if (local.length) throw new UserError(local);
  const unchecked: string[] = [];
  const history = ir.database ? await checkMigrationHistory(root) : undefined;
  // Read before anything is written; a dry run sends the production URL nowhere, so it asks for none.
  const serverDialect = ir.database && ir.database.dialect !== "sqlite" ? ir.database.dialect : undefined;
  const databaseUrl = serverDialect && !options.dryRun ? await productionDatabaseUrl(serverDialect) : undefined;
  if (serverDialect && options.dryRun) unchecked.push("the production database: which migrations it has, and its Hyperdrive configuration (a dry run reads no database URL)");
  // Converted in memory, the older files are in force for this run: their "not read" warning would be wrong.
  const warnings = report.warnings.filter((warning) => !(options.config && warning.code === "SDK_CONFIG_NOT_CONVERTED"));
  const image = ir.sandbox ? sandboxImage(root, ir.sandbox) : undefined;

  // What the account says, read before anything is written.
  progress.doing = "reading the worker and its secrets";
  const script = options.dryRun ? undefined : await findScript(api, accountId, workerName);
  const remoteSecrets = new Set(script ? (await listSecrets(api, accountId, workerName)).map((secret) => secret.name) : []);
  if (options.dryRun) {
    if (image) unchecked.push(`the sandbox: the plan, the token's container access and ${image.kind === "build" ? `Docker (a dry run builds and pushes nothing: ${image.shown})` : "the registry image"}, and the container application ${ir.sandbox!.containerName}`);
    unchecked.push("worker.limits.cpu_ms against the account's plan", "env.ts's required keys against the worker's secrets", "which durable-state migrations the worker already has (all are sent)");
  } else {
    progress.doing = "reading the account's plan";
    const cpuMs = (generated.limits as { cpu_ms?: number } | undefined)?.cpu_ms;
    const plan = await workerPlan(api, accountId);
    const cpu = plan && cpuCeilingProblem(cpuMs, plan);
    if (cpu) throw new UserError([cpu]);
    if (!plan && cpuMs !== undefined) step("worker.limits.cpu_ms: the token may not read the account's plan (Billing:Read), so the platform checks the limit at upload");
    if (image) await sandboxChecks(api, accountId, ir.sandbox!.containerName, image, plan, step, progress);
    const env = checkRequiredVariables(ir, new Set([...remoteSecrets, ...Object.keys((generated.vars as Json | undefined) ?? {})]));
    if (env.missing.length) throw new UserError(env.missing);
    warnings.push(...env.warnings);
  }
  const shadowed = Object.keys((generated.vars as Json | undefined) ?? {}).filter((name) => remoteSecrets.has(name));
  if (shadowed.length) step(`worker.vars ${shadowed.join(", ")}: the worker's secret of the same name takes precedence (delete the secret to use the var)`);

  progress.doing = "reading the zones of edge.routes";
  const routes = await routesStep(api, accountId, generated, options.dryRun, unchecked);

  // workers.dev before any write: an account without a subdomain gets one now, or the deploy stops here.
  progress.doing = "reading the account's workers.dev subdomain";
  const workersDev = wantedWorkersDev(generated);
  const subdomain = await subdomainStep(api, accountId, workersDev, { dryRun: options.dryRun, step, unchecked });

  progress.doing = "setting up mail for email.from";
  const email = await emailStep(api, accountId, ir, options, step, unchecked);

  progress.doing = "building and pushing the sandbox image";
  const sandboxImageRef = image && !options.dryRun ? await pushedImage(api, accountId, ir.sandbox!, image, step) : undefined;

  progress.doing = "provisioning the worker's resources";
  const { steps: provisioned, resolved } = await provisionResources(api, accountId, root, generated, { record: !options.dryRun, databaseUrl });
  for (const done of provisioned) step(`${options.dryRun ? `would ${done.outcome === "created" ? "create" : "use"}` : done.outcome} ${done.kind} ${done.name}${done.id ? ` (${done.id})` : ""}`);
  const authoredSendEmail = ir.config.edge?.send_email !== undefined;
  const sendEmail = email && !authoredSendEmail ? { send_email: recordSendEmail(root, generated, !options.dryRun) } : {};
  const wrangler = { ...generated, ...resolved, ...sendEmail };
  if (!options.dryRun) writeFileSync(path.join(serverDir, "wrangler.json"), `${JSON.stringify(wrangler, null, 2)}\n`);

  progress.doing = "applying migrations to the deployed database";
  const onApplied = (name: string) => step(`${options.dryRun ? "would apply" : "applied"} migration ${name}`);
  const migrations = !history || (serverDialect && !databaseUrl)
    ? { applied: [], alreadyApplied: 0 }
    : serverDialect
      ? await applyProductionMigrations(root, serverDialect, databaseUrl!, { allowDataLoss: options.allowDataLoss, onApplied })
      : await applyRemoteMigrations(api, accountId, root, wrangler, { dryRun: options.dryRun, allowDataLoss: options.allowDataLoss, onApplied });

  progress.doing = "uploading static assets";
  const assetFiles = collectAssets(path.join(root, "dist", "client"));
  const assets = await uploadAssets(api, accountId, workerName, assetFiles);
  if (assets.total) step(`assets: ${assets.uploaded} of ${assets.total} file(s) ${options.dryRun ? "to upload" : "uploaded"}${assets.uploaded < assets.total ? " (the platform had the rest)" : ""}`);

  const durable = pendingDurableMigrations(ir.durableState.migrations, script?.migration_tag);
  // A dry run does not ask whether the worker exists: it shows the deploy of one that does.
  const { mode, note } = chooseMode(ir, options, options.dryRun || Boolean(script), Boolean(durable));
  if (note) step(note);
  const message = `sdk deploy ${new Date().toISOString()}`;
  const metadata = uploadMetadata({ wrangler, remoteSecrets, assetsJwt: assets.jwt, assetRules: assetFiles.rules, migrations: mode === "atomic" ? durable : undefined, message, version: mode === "staged" });
  const modules = workerModules(serverDir);
  const result: DeployResult = { workerName, accountId, mode, modeNote: note, provisioned, migrations, assets, email, warnings, unchecked };
  const releaseInputs = { api, accountId, workerName, mode, subdomain, workersDev, form: () => uploadForm(metadata, modules), message, migratesDurableState: Boolean(durable) };
  const deferred = report.deferredPrerender;
  if (options.dryRun) {
    for (const job of deferred) step(`would prerender ${job.path} (${job.source} reads ${job.reads.join(", ")}) on the uploaded version before it gets traffic`);
    const notChecked = async (host: string) => ({ ready: true, url: `https://${host}/`, detail: "not checked (dry run)", attempts: 0 });
    await release({ ...releaseInputs, checkReady: notChecked });
    await afterRelease({ api, accountId, workerName, ir, wrangler, email, script, mode, routes, step });
    result.artifact = { metadata, modules, assetsManifest: assetFiles.manifest };
    return result;
  }

  progress.doing = `uploading and releasing worker ${workerName}`;
  const checkReady = (host: string) => readyAndPrerendered(host, deferred, { attempts: options.readinessAttempts, rootServed: servesRoot(ir) });
  result.release = await release({ ...releaseInputs, checkReady });
  const prerendered = result.release.readiness.prerender?.rendered ?? [];
  if (prerendered.length) step(`prerendered ${prerendered.join(", ")} on ${new URL(result.release.readiness.url).host}`);
  if (!result.release.live) return result;
  if (subdomain && workersDev.enabled) result.url = `https://${workerName}.${subdomain}.workers.dev`;
  if (sandboxImageRef) {
    progress.doing = `deploying the sandbox's container application ${ir.sandbox!.containerName}`;
    const container = await applyContainer({ api, accountId, workerName, versionId: result.release.versionId, sandbox: ir.sandbox!, image: sandboxImageRef, step });
    result.sandbox = { image: sandboxImageRef, container };
  }
  progress.doing = "setting the script's settings, routes, cron schedules, queue consumers and mail routing";
  await afterRelease({ api, accountId, workerName, ir, wrangler, email, script, mode, routes, step });
  if (deferred.length) {
    progress.doing = "prerendering on the production hosts";
    const checked = new URL(result.release.readiness.url || "https://-/").host;
    const hosts = productionHosts(subdomain && workersDev.enabled ? workersDevHost(workerName, subdomain) : undefined, routes).filter((host) => host !== checked);
    await warmProduction(hosts, deferred, step);
  }
  return result;
}

function wranglerFor(root: string, ir: AppIR): Json {
  return emitWranglerConfig({ ir, defaultName: readAppName(root), lockResolved: readLockResolved(root) });
}

/** Before anything is written: the plan, the image's account, the token's container access and, for a Dockerfile, Docker. */
async function sandboxChecks(api: PlatformApi, accountId: string, containerName: string, image: SandboxImage, plan: WorkerPlan | undefined, step: (line: string) => void, progress: { doing: string }): Promise<void> {
  const problems = sandboxProblems(image, accountId, plan);
  if (problems.length) throw new UserError(problems);
  if (!plan) step("sandbox: the token may not read the account's plan (Billing:Read); containers need the Workers Paid plan, which the platform checks");
  progress.doing = "reading the account's container applications";
  await checkContainerAccess(api, accountId, containerName);
  const docker = await sandboxDockerProblem(image);
  if (docker) throw new UserError([docker]);
}

/** A dry run's account has no zones, so it cannot say which zone a route is in. */
async function routesStep(api: PlatformApi, accountId: string, wrangler: Json, dryRun: boolean | undefined, unchecked: string[]): Promise<PlannedRoute[]> {
  if (!dryRun) return planRoutes(api, accountId, wrangler);
  if (configuredRoutes(wrangler).length) unchecked.push("which zones edge.routes are in (routes and custom domains are attached after the release)");
  return [];
}

async function emailStep(api: PlatformApi, accountId: string, ir: AppIR, options: DeployOptions, step: (line: string) => void, unchecked: string[]): Promise<EmailSetup | undefined> {
  const from = ir.config.email?.from;
  if (!from) {
    if (options.requireEmail) throw emailNotVerified("email.from is not set, so automatic mail setup is skipped and nothing can be verified");
    return undefined;
  }
  if (options.dryRun) {
    unchecked.push(`mail setup for ${from}`);
    return undefined;
  }
  const setup = await setUpEmail(api, accountId, from);
  if (!setup.verified && options.requireEmail) throw emailNotVerified(setup.note ?? "the zone's mail is not ready");
  step(setup.verified ? `mail: ${setup.domain} is ready (zone ${setup.zone.name})` : `mail: ${setup.note}`);
  return setup;
}

/**
 * The first deploy of a worker has no version to keep traffic on, and the platform cannot stage
 * a durable-state migration: both go out atomically, and the output says why.
 */
function chooseMode(ir: AppIR, options: DeployOptions, workerExists: boolean, migratesDurableState: boolean): { mode: DeployMode; note?: string } {
  const asked: DeployMode = options.atomic ? "atomic" : (ir.config.deploy?.edge?.mode ?? "staged");
  if (asked === "atomic") return { mode: "atomic" };
  if (ir.sandbox) return { mode: "atomic", note: "deploying atomically: the sandbox's container application binds to the deployed worker's durable-object namespace, so the worker goes out in one step (as wrangler deploys a worker with containers)" };
  if (migratesDurableState) return { mode: "atomic", note: "deploying atomically: this deploy carries a durable-state migration, which the platform cannot stage (traffic moves first; it cannot be rolled back across the migration)" };
  if (!workerExists) return { mode: "atomic", note: "deploying atomically: the worker is new, so there is no version to keep traffic on while the new one is checked" };
  return { mode: "staged" };
}
