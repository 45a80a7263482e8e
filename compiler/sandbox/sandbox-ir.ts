/**
 * Whether an app has a sandbox, and its settings with the contract's defaults filled in: the edge
 * app whose config has `sandbox` or whose code imports `sdk/sandbox` has one. Other targets never
 * do; importing `sdk/sandbox` there is reported by the edge-only pass. The config was validated
 * already (compiler/config/sandbox-rules.ts), so `image` is a valid Dockerfile path or reference.
 */
import path from "node:path";
import type { SdkConfig } from "../config/define.js";
import type { ImportIR, SandboxIR, SandboxImageIR, Target } from "../ir.js";
import { imageReference } from "./image.js";
import { SANDBOX_DEFAULTS, SANDBOX_MODULE } from "./settings.js";

export function sandboxOf(config: SdkConfig, imports: readonly ImportIR[], target: Target): SandboxIR | null {
  if (target !== "edge") return null;
  const imported = imports.find((i) => i.specifier === SANDBOX_MODULE);
  if (!config.sandbox && !imported) return null;
  const settings = config.sandbox ?? {};
  return {
    binding: settings.binding ?? SANDBOX_DEFAULTS.binding,
    className: settings.className ?? SANDBOX_DEFAULTS.className,
    containerName: settings.containerName ?? SANDBOX_DEFAULTS.containerName,
    image: imageOf(settings.image, settings.imageBuildContext),
    platformImage: settings.platformImage ?? SANDBOX_DEFAULTS.platformImage,
    instanceType: settings.instanceType ?? SANDBOX_DEFAULTS.instanceType,
    source: imported ? `${imported.file}:${imported.line}:${imported.column}` : "sandbox",
  };
}

function imageOf(image: string | undefined, buildContext: string | undefined): SandboxImageIR {
  if (image === undefined) return { kind: "packaged", buildContext: buildContext === undefined ? null : projectPath(buildContext) };
  const reference = imageReference(image);
  if (reference.kind === "registry") return reference;
  const file = projectPath(reference.path);
  return { kind: "dockerfile", file, buildContext: buildContext === undefined ? path.posix.dirname(file) : projectPath(buildContext) };
}

/** `./docker/` as `docker`, `.` for the root: one spelling per folder in the IR and the output. */
function projectPath(relative: string): string {
  return path.posix.normalize(relative.replace(/\\/g, "/")).replace(/\/+$/, "") || ".";
}
