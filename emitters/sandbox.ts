/**
 * What a sandbox adds to the edge app: the container in wrangler.json and, unless the app names its
 * own image, the packaged Dockerfile at `sandbox/Dockerfile` beside wrangler.json. Paths
 * in wrangler.json are relative to it, in dist/server: the project root is `../..` from there.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { installedVersion } from "../compiler/optional-packages.js";
import { packagePath } from "../compiler/paths.js";
import type { SandboxIR } from "../compiler/ir.js";
import { renderTemplate } from "./template.js";

export const PACKAGED_DOCKERFILE = "sandbox/Dockerfile";
const HELPER_LIBRARY = "@cloudflare/sandbox";
const PROJECT_ROOT_FROM_SERVER = "../..";

/**
 * The helper library's exact version: the image must match the class bundled into the worker,
 * which is the app's installed copy (an optional package, checked before emitting). Without one,
 * the version this package is developed against.
 */
export function sandboxHelperVersion(): string {
  const manifest = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { devDependencies: Record<string, string> };
  return installedVersion(HELPER_LIBRARY) ?? manifest.devDependencies[HELPER_LIBRARY]!;
}

export function emitPackagedDockerfile(): string {
  return renderTemplate("sandbox.Dockerfile.tpl", { sandboxVersion: sandboxHelperVersion() });
}

/** Whether the generated app carries the packaged Dockerfile. */
export function usesPackagedDockerfile(sandbox: SandboxIR | null): boolean {
  return sandbox?.image.kind === "packaged";
}

/**
 * wrangler.json's `containers` for the sandbox. Its class, binding and migration are durable
 * state like any other (durable-state-module.ts), so a renamed sandbox class migrates its data.
 */
export function sandboxWranglerEntries(sandbox: SandboxIR): Record<string, unknown> {
  return {
    containers: [{ class_name: sandbox.className, image: imageOf(sandbox), instance_type: sandbox.instanceType, name: sandbox.containerName, ...buildContextOf(sandbox) }],
  };
}

function imageOf(sandbox: SandboxIR): string {
  const { image } = sandbox;
  if (image.kind === "registry") return image.reference;
  return image.kind === "packaged" ? `./${PACKAGED_DOCKERFILE}` : fromServer(image.file);
}

function buildContextOf(sandbox: SandboxIR): { image_build_context?: string } {
  const { image } = sandbox;
  if (image.kind === "registry") return {};
  if (image.kind === "packaged") return { image_build_context: image.buildContext === null ? `./${path.posix.dirname(PACKAGED_DOCKERFILE)}` : fromServer(image.buildContext) };
  return { image_build_context: fromServer(image.buildContext) };
}

function fromServer(projectPath: string): string {
  return projectPath === "." ? PROJECT_ROOT_FROM_SERVER : `${PROJECT_ROOT_FROM_SERVER}/${projectPath}`;
}
