/**
 * Deploying the sandbox's container, in the order that keeps a refused deploy harmless: checks
 * first (the plan, the token's container access, the image's account, Docker), then the image
 * (a digest-pinned registry image as it is; a Dockerfile built and pushed to the managed
 * registry, pinned by the digest the push answers) before the worker is uploaded, and, once the
 * worker is live, the container application bound to the class's durable-object namespace:
 * created, or changed through a rollout, as wrangler's containers deploy does
 * (packages/wrangler/src/containers/deploy.ts `deployContainers` and `apply`).
 */
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { error, UserError, type Diagnostic } from "../../compiler/diagnostics.js";
import type { SandboxIR } from "../../compiler/ir.js";
import { PACKAGED_DOCKERFILE } from "../../emitters/sandbox.js";
import type { WorkerPlan } from "../platform/account.js";
import { PlatformApiError, type PlatformApi } from "../platform/api.js";
import { createApplication, findApplication, MANAGED_REGISTRY, modifyApplication, registryCredentials, rollOut } from "../platform/containers.js";
import { versionDetail } from "../platform/script-versions.js";
import { buildAndPush, dockerPath, dockerProblem } from "./docker.js";

/** What a sandbox deploy needs of the token, beyond a Workers deploy: Edit on both container resources. */
export const CONTAINER_PERMISSIONS = "Containers:Edit and Cloudchamber:Edit (the two container account permissions)";

/** wrangler's default (containers/config.ts: `max_instances ?? 20`). */
export const SANDBOX_MAX_INSTANCES = 20;

export type SandboxImage = { kind: "registry"; reference: string } | { kind: "build"; dockerfile: string; context: string; shown: string };

export function sandboxImage(root: string, sandbox: SandboxIR): SandboxImage {
  const { image } = sandbox;
  if (image.kind === "registry") return { kind: "registry", reference: image.reference };
  if (image.kind === "dockerfile") return { kind: "build", dockerfile: path.join(root, image.file), context: path.join(root, image.buildContext), shown: `the Dockerfile ${image.file}` };
  const packaged = path.join(root, "dist", "server", PACKAGED_DOCKERFILE);
  return { kind: "build", dockerfile: packaged, context: image.buildContext === null ? path.dirname(packaged) : path.join(root, image.buildContext), shown: `the packaged Dockerfile (dist/server/${PACKAGED_DOCKERFILE})` };
}

/** The contract's rules that need no platform: containers need the paid plan; a registry image must be the account's own. */
export function sandboxProblems(image: SandboxImage, accountId: string, plan: WorkerPlan | undefined): Diagnostic[] {
  const problems: Diagnostic[] = [];
  if (plan === "free") {
    problems.push(error("SDK_DEPLOY_SANDBOX_PLAN", "the sandbox runs in containers, which need the Workers Paid plan, and this account is on the free plan", {
      file: "sdk.config.ts",
      configPath: "sandbox",
      hint: "move the account to the Workers Paid plan (dashboard: Workers & Pages > Plans), then deploy again",
    }));
  }
  if (image.kind === "registry") {
    const [host, owner] = image.reference.split("/");
    if (host === MANAGED_REGISTRY && owner !== accountId) {
      problems.push(error("SDK_DEPLOY_SANDBOX_IMAGE_ACCOUNT", `sandbox.image is in account ${owner}'s repository of the managed registry, and this deploy goes to account ${accountId}, which cannot pull it`, {
        file: "sdk.config.ts",
        configPath: "sandbox.image",
        hint: `push the image to ${MANAGED_REGISTRY}/${accountId}/sandbox and pin that digest, or deploy to account ${owner}`,
      }));
    }
  }
  return problems;
}

/** Reads the account's container applications: a token without container access stops here, before anything is written. */
export async function checkContainerAccess(api: PlatformApi, accountId: string, containerName: string): Promise<void> {
  try {
    await findApplication(api, accountId, containerName);
  } catch (cause) {
    if (!(cause instanceof PlatformApiError) || (cause.status !== 403 && cause.status !== 401)) throw cause;
    throw new UserError([error("SDK_DEPLOY_SANDBOX_TOKEN", `the API token may not use this account's containers (${cause.message})`, {
      configPath: "sandbox",
      hint: `give the token ${CONTAINER_PERMISSIONS} on account ${accountId} (dashboard: My Profile > API Tokens > Edit), then deploy again`,
    })]);
  }
}

/** Docker's problem for an image it must build, before anything is written. */
export async function sandboxDockerProblem(image: SandboxImage): Promise<Diagnostic | undefined> {
  return image.kind === "build" ? dockerProblem(dockerPath(), image.shown) : undefined;
}

/** The image the container runs, pinned by digest: built and pushed first when it is a Dockerfile. */
export async function pushedImage(api: PlatformApi, accountId: string, sandbox: SandboxIR, image: SandboxImage, step: (line: string) => void): Promise<string> {
  if (image.kind === "registry") return image.reference;
  const credentials = await registryCredentials(api, accountId);
  const tag = `${credentials.registry_host}/${accountId}/sandbox:${sandbox.containerName}`;
  step(`sandbox: building ${image.shown} with Docker and pushing it to ${tag}`);
  const reference = await buildAndPush({ docker: dockerPath(), dockerfile: image.dockerfile, context: image.context, tag, credentials, onLine: step });
  step(`sandbox: pushed ${reference}`);
  return reference;
}

export interface ContainerApply {
  api: PlatformApi;
  accountId: string;
  workerName: string;
  /** The live version, whose durable-object binding names the namespace. */
  versionId: string;
  sandbox: SandboxIR;
  image: string;
  step: (line: string) => void;
  /** Waits between reads of a version the platform has not finished (code 100146); tests shorten it. */
  retryDelayMs?: number;
}

export type ContainerOutcome = "created" | "rolled out" | "unchanged";

export async function applyContainer(inputs: ContainerApply): Promise<ContainerOutcome> {
  const { api, accountId, sandbox, image, step } = inputs;
  const namespaceId = await sandboxNamespace(inputs);
  const configuration = { image, instance_type: sandbox.instanceType };
  const existing = await findApplication(api, accountId, sandbox.containerName);
  if (!existing) {
    const created = await createApplication(api, accountId, { name: sandbox.containerName, scheduling_policy: "default", configuration, instances: 0, max_instances: SANDBOX_MAX_INSTANCES, durable_objects: { namespace_id: namespaceId } });
    step(`sandbox: created container application ${sandbox.containerName} (${created.id}) running ${image}`);
    return "created";
  }
  if (existing.durable_objects?.namespace_id !== namespaceId) {
    throw new UserError([error("SDK_DEPLOY_SANDBOX_CONTAINER_TAKEN", `the account's container application ${sandbox.containerName} (${existing.id}) belongs to another durable-object namespace (${existing.durable_objects?.namespace_id ?? "none"}), not ${inputs.workerName}'s ${sandbox.className}`, {
      file: "sdk.config.ts",
      configPath: "sandbox.containerName",
      hint: "give this app's sandbox another containerName, or delete the other application first; the worker is live, and its sandbox starts once the container is deployed",
    })]);
  }
  if (existing.max_instances !== SANDBOX_MAX_INSTANCES) await modifyApplication(api, accountId, existing.id, { max_instances: SANDBOX_MAX_INSTANCES });
  if (existing.configuration?.image === image && existing.configuration.instance_type === sandbox.instanceType) {
    step(`sandbox: container application ${sandbox.containerName} already runs ${image}`);
    return "unchanged";
  }
  await rollOut(api, accountId, existing.id, configuration);
  step(`sandbox: rolling container application ${sandbox.containerName} out to ${image}`);
  return "rolled out";
}

/** The namespace of the sandbox class, from the live version's binding (as wrangler's `fetchUploadedVersion` reads it). */
async function sandboxNamespace(inputs: ContainerApply): Promise<string> {
  const { api, accountId, workerName, versionId, sandbox } = inputs;
  for (let attempt = 0; ; attempt++) {
    try {
      const detail = (await versionDetail(api, accountId, workerName, versionId)) as { resources: { bindings?: { type: string; class_name?: string; script_name?: string; namespace_id?: string }[] } };
      const binding = detail.resources.bindings?.find((candidate) => candidate.type === "durable_object_namespace" && candidate.class_name === sandbox.className && (candidate.script_name === undefined || candidate.script_name === workerName) && candidate.namespace_id);
      if (!binding) throw new UserError([error("SDK_DEPLOY_SANDBOX_NAMESPACE", `the deployed version ${versionId} of ${workerName} has no durable-object namespace for the sandbox class ${sandbox.className}`, { configPath: "sandbox.className", hint: "deploy again; if it persists, the class's migration did not apply (see sdk.lock.json's durable-state history)" })]);
      return binding.namespace_id!;
    } catch (cause) {
      const notReady = cause instanceof PlatformApiError && cause.errors.some((detail) => detail.code === 100146);
      if (!notReady || attempt === 4) throw cause;
      await sleep(inputs.retryDelayMs ?? 500);
    }
  }
}
