/**
 * The command `sdk build` runs before it stages an app's output: `inference.build` when set;
 * for static, spa and framework apps the package.json `build` script through the package manager
 * in use; for sdk apps nothing, because `sdk build` is itself the bundler's build.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { AppType, SdkConfig } from "../config/define.js";
import { readPackageJson } from "./app-type.js";

export type PackageManager = "npm" | "pnpm" | "yarn" | "bun";

const LOCKFILES: ReadonlyArray<[string, PackageManager]> = [
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["package-lock.json", "npm"],
];

/** A script that runs `sdk build` would start this build again, forever. */
const RUNS_SDK_BUILD = /(?:^|[\s;&|(])(?:(?:npx|bunx|pnpx)\s+|(?:pnpm|yarn)\s+(?:exec\s+)?)?sdk\s+build(?:\s|$)/;

export function defaultBuildCommand(root: string, appType: AppType, config: SdkConfig): string | null {
  const configured = config.inference?.build?.trim();
  if (configured) return configured;
  if (appType === "sdk") return null;
  const script = readPackageJson(root)?.scripts.build;
  if (!script?.trim() || RUNS_SDK_BUILD.test(script)) return null;
  return `${detectPackageManager(root)} run build`;
}

/** The lockfile decides, then package.json `packageManager`, then npm. */
export function detectPackageManager(root: string): PackageManager {
  const byLockfile = LOCKFILES.find(([file]) => existsSync(path.join(root, file)));
  if (byLockfile) return byLockfile[1];
  const declared = readPackageJson(root)?.packageManager?.split("@")[0];
  return declared === "pnpm" || declared === "yarn" || declared === "bun" ? declared : "npm";
}
