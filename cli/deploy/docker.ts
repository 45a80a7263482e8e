/**
 * The Docker CLI, as a sandbox deploy drives it for a Dockerfile image: the same steps as
 * wrangler's (packages/wrangler/src/cloudchamber/build.ts `buildAndMaybePush`,
 * packages/containers-shared/src/login.ts `dockerLoginImageRegistry`): build for linux/amd64,
 * log in to the managed registry with short-lived credentials on stdin, push, and read the
 * pushed image's digest, so the container runs exactly what was built. Which `docker` runs:
 * SDK_DOCKER_PATH, else `docker` on PATH (wrangler's is WRANGLER_DOCKER_BIN).
 */
import { spawn } from "node:child_process";
import { error, UserError, type Diagnostic } from "../../compiler/diagnostics.js";

export interface DockerRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function dockerPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.SDK_DOCKER_PATH || "docker";
}

/** Runs docker; `missing` when the command itself could not be started. */
export function runDocker(docker: string, args: string[], stdin?: string): Promise<DockerRun | "missing"> {
  return new Promise((resolve, reject) => {
    const child = spawn(docker, args, { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (cause: NodeJS.ErrnoException) => (cause.code === "ENOENT" || cause.code === "EACCES" ? resolve("missing") : reject(cause)));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/**
 * Why Docker cannot build here, or undefined when it can: the command is missing, or it runs but
 * its daemon does not answer (the client prints "Cannot connect to the Docker daemon at …").
 * `image`: what needs building, for the message.
 */
export async function dockerProblem(docker: string, image: string): Promise<Diagnostic | undefined> {
  const where = { file: "sdk.config.ts", configPath: "sandbox.image" };
  const pinInstead = `or build and push the image elsewhere and pin it: sandbox.image = "registry.cloudflare.com/<account_id>/sandbox@sha256:<digest>"`;
  const version = await runDocker(docker, ["version", "--format", "{{.Client.Version}} {{.Server.Version}}"]);
  if (version === "missing") {
    return error("SDK_DEPLOY_DOCKER_MISSING", `the sandbox image is ${image}, which sdk deploy builds with Docker, and there is no \`${docker}\` command${docker === "docker" ? " on PATH" : " (SDK_DOCKER_PATH)"}`, {
      ...where,
      hint: `install Docker (https://docs.docker.com/engine/install/, or Docker Desktop) or set SDK_DOCKER_PATH to its docker command, then deploy again; ${pinInstead}`,
    });
  }
  if (version.code === 0) return undefined;
  const said = (version.stderr.trim().split("\n").find((line) => /daemon|docker\.sock|connect/i.test(line)) ?? version.stderr.trim().split("\n").at(-1) ?? "").trim();
  const client = version.stdout.trim().split(" ")[0];
  return error("SDK_DEPLOY_DOCKER_DAEMON", `the sandbox image is ${image}, which sdk deploy builds with Docker: the docker command${client ? ` (client ${client})` : ""} is installed, but no Docker daemon answers it${said ? `: ${said}` : ""}`, {
    ...where,
    hint: `start the Docker daemon (\`sudo systemctl start docker\`, \`sudo dockerd\`, or open Docker Desktop), or set DOCKER_HOST to a daemon that runs, then deploy again; ${pinInstead}`,
  });
}

export interface BuildAndPush {
  docker: string;
  /** Absolute paths. */
  dockerfile: string;
  context: string;
  /** `<registry_host>/<account_id>/sandbox:<tag>`, the name it is pushed under. */
  tag: string;
  credentials: { username: string; password: string; registry_host: string };
  onLine?: (line: string) => void;
}

/** Builds, pushes and answers the pushed image pinned by digest: `<registry_host>/<account_id>/sandbox@sha256:<hex>`. */
export async function buildAndPush(inputs: BuildAndPush): Promise<string> {
  const { docker, tag, credentials } = inputs;
  await mustRun(docker, ["build", "--platform", "linux/amd64", "--file", inputs.dockerfile, "--tag", tag, inputs.context], `building ${inputs.dockerfile}`);
  inputs.onLine?.(`built ${tag}`);
  // The password goes on stdin, never in argv (docker warns about --password, and ps shows argv).
  await mustRun(docker, ["login", "--username", credentials.username, "--password-stdin", credentials.registry_host], `logging in to ${credentials.registry_host}`, credentials.password);
  await mustRun(docker, ["push", tag], `pushing ${tag}`);
  const inspected = await mustRun(docker, ["image", "inspect", "--format", "{{json .RepoDigests}}", tag], `reading the digest of ${tag}`);
  return pinnedReference(tag, inspected.stdout);
}

/** The repository's `@sha256:` reference among `docker image inspect`'s RepoDigests. */
export function pinnedReference(tag: string, repoDigestsJson: string): string {
  const repository = tag.replace(/:[\w][\w.-]{0,127}$/, "");
  let digests: unknown;
  try {
    digests = JSON.parse(repoDigestsJson);
  } catch {
    digests = undefined;
  }
  const found = Array.isArray(digests) ? digests.find((digest): digest is string => typeof digest === "string" && digest.startsWith(`${repository}@sha256:`)) : undefined;
  if (!found) throw new UserError([error("SDK_DEPLOY_DOCKER_FAILED", `docker pushed ${tag} but names no digest for ${repository} (RepoDigests: ${repoDigestsJson.trim() || "none"})`, { hint: "check `docker image inspect` for the image and push it again" })]);
  return found;
}

async function mustRun(docker: string, args: string[], doing: string, stdin?: string): Promise<DockerRun> {
  const run = await runDocker(docker, args, stdin);
  if (run === "missing") throw new UserError([error("SDK_DEPLOY_DOCKER_MISSING", `${doing}: the \`${docker}\` command is gone`, { hint: "install Docker or set SDK_DOCKER_PATH, then deploy again" })]);
  if (run.code !== 0) {
    const tail = run.stderr.trim().split("\n").slice(-8).join("\n");
    throw new UserError([error("SDK_DEPLOY_DOCKER_FAILED", `${doing} failed (docker ${args[0]} exited ${run.code})${tail ? `:\n${tail}` : ""}`, { hint: "fix what docker reports (the Dockerfile, the build context or the registry login), then deploy again" })]);
  }
  return run;
}
