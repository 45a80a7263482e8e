/**
 * What the JSON Schema cannot say about `sandbox`: `image` is a Dockerfile of the project or a
 * digest-pinned registry image (compiler/sandbox/image.ts), and `imageBuildContext` is a folder of
 * the project beside a Dockerfile image. Files are looked up under `root`; without one (a config
 * checked on its own) only the rules about the text are checked.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { imageReference, REGISTRY_IMAGE_EXAMPLE, REGISTRY_IMAGE_SHAPE, registryImageProblem } from "../sandbox/image.js";
import type { SdkConfig } from "./define.js";
import type { PathKey } from "./locate.js";

export type SandboxRuleCode = "SDK_SANDBOX_IMAGE" | "SDK_SANDBOX_IMAGE_MISSING" | "SDK_SANDBOX_BUILD_CONTEXT";

export interface SandboxRuleProblem {
  keys: PathKey[];
  at: "value";
  /** Said of the config path: "names …, which does not exist". */
  predicate: string;
  hint: string;
  code: SandboxRuleCode;
}

/** Not absolute (POSIX or Windows), no `..` segment: the project's own files only. */
const RELATIVE = /^(?![/\\])(?![A-Za-z]:)(?!(?:.*[/\\])?\.\.(?:[/\\]|$)).+$/;

const IMAGE_HINT = `Name a Dockerfile of the project ("docker/sandbox.Dockerfile") or pin a registry image by digest: ${REGISTRY_IMAGE_SHAPE}, e.g. "${REGISTRY_IMAGE_EXAMPLE}".`;
const PIN_HINT = `Pin the digest the registry gave the pushed image: ${REGISTRY_IMAGE_SHAPE}, e.g. "${REGISTRY_IMAGE_EXAMPLE}".`;

export function validateSandboxRules(config: SdkConfig, root?: string): SandboxRuleProblem[] {
  const sandbox: unknown = (config as Record<string, unknown> | null)?.sandbox;
  if (!isRecord(sandbox)) return [];
  const problems: SandboxRuleProblem[] = [];
  const problem = (field: string, code: SandboxRuleCode, predicate: string, hint: string) =>
    problems.push({ keys: ["sandbox", field], at: "value", predicate, hint, code });

  const image = typeof sandbox.image === "string" ? imageReference(sandbox.image) : null;
  if (image?.kind === "registry") {
    const wrong = registryImageProblem(image.reference);
    if (wrong) problem("image", "SDK_SANDBOX_IMAGE", wrong, wrong.startsWith("is pinned by the tag") ? PIN_HINT : IMAGE_HINT);
    if (typeof sandbox.imageBuildContext === "string") {
      problem("imageBuildContext", "SDK_SANDBOX_BUILD_CONTEXT", "applies only to a Dockerfile image, but sandbox.image is a registry image", "Remove imageBuildContext: a registry image is already built.");
    }
  } else if (image?.kind === "dockerfile") {
    if (!RELATIVE.test(image.path)) {
      problem("image", "SDK_SANDBOX_IMAGE", 'must be a path relative to the project root (no leading "/", no ".." segment)', IMAGE_HINT);
    } else if (root) {
      const kind = fileKind(path.join(root, image.path));
      if (kind !== "file") problem("image", "SDK_SANDBOX_IMAGE_MISSING", `names "${image.path}", which ${kind === "directory" ? "is a directory, not a Dockerfile" : "does not exist"}`, `Create the Dockerfile there, fix the path, or remove sandbox.image to use the packaged Node.js Dockerfile. ${IMAGE_HINT}`);
    }
  }
  if (typeof sandbox.imageBuildContext === "string" && image?.kind !== "registry") {
    const context = sandbox.imageBuildContext;
    if (!RELATIVE.test(context)) {
      problem("imageBuildContext", "SDK_SANDBOX_BUILD_CONTEXT", 'must be a folder relative to the project root (no leading "/", no ".." segment)', 'For example "docker".');
    } else if (root) {
      const kind = fileKind(path.join(root, context));
      if (kind !== "directory") problem("imageBuildContext", "SDK_SANDBOX_BUILD_CONTEXT", `names "${context}", which ${kind === "file" ? "is a file, not a folder" : "does not exist"}`, "Name the folder the Dockerfile's COPY lines read from, or remove imageBuildContext to use the Dockerfile's folder.");
    }
  }
  return problems;
}

function fileKind(file: string): "file" | "directory" | "missing" {
  if (!existsSync(file)) return "missing";
  return statSync(file).isDirectory() ? "directory" : "file";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
