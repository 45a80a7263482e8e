/**
 * The sandbox's settings as the contract fixes them: the defaults of every `sandbox` field, the
 * module whose import turns it on, and the migration tag that creates its durable-state class.
 */
import type { SandboxInstanceType } from "../config/define.js";

export const SANDBOX_MODULE = "sdk/sandbox";

export const SANDBOX_DEFAULTS = {
  binding: "SANDBOX",
  className: "SandboxV1",
  containerName: "sdk-sandbox-v1",
  platformImage: "edge/debian-trixie",
  instanceType: "lite" as SandboxInstanceType,
} as const;
