/**
 * The rule `sdk deploy` checks before a managed deploy: the managed platform builds no Dockerfile,
 * so an app whose `sandbox.image` is its own Dockerfile must name the platform image to run
 * instead. The packaged Dockerfile has a platform image already (`edge/debian-trixie`, the
 * default), and a registry image is run as it is.
 */
import type { SdkConfig } from "../config/define.js";
import { configError, type Diagnostic } from "../diagnostics.js";
import { imageReference } from "./image.js";
import { SANDBOX_DEFAULTS } from "./settings.js";

export function validateSandboxForManagedDeploy(config: SdkConfig, configFile = "sdk.config.ts"): Diagnostic[] {
  const sandbox = config.sandbox;
  if (!sandbox?.image || sandbox.platformImage !== undefined) return [];
  if (imageReference(sandbox.image).kind !== "dockerfile") return [];
  return [
    configError("SDK_SANDBOX_PLATFORM_IMAGE_REQUIRED", "sandbox.platformImage", `is required on a managed deploy when sandbox.image is a local Dockerfile ("${sandbox.image}"): the managed platform does not build Dockerfiles`, {
      file: configFile,
      hint: `Add platformImage: "${SANDBOX_DEFAULTS.platformImage}" (or another image the platform provides) to sandbox, or deploy to your own account.`,
    }),
  ];
}
