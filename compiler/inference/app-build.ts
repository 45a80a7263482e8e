/**
 * The app's own build, before sdk compiles anything: `inference.build` (or the package's build
 * script for static, spa and framework apps) runs from the project root. For those app types
 * the output folder, copied aside first, becomes the site's assets in place of public/.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { AppIR } from "../ir.js";
import { replaceAssets } from "../routing/resolve.js";
import { scanPublic } from "../scan/public.js";
import { DEFAULT_OUTPUT_DIR } from "./app-type.js";
import { BuildCommandFailed, runBuildCommand, type OutputStream } from "./build-command.js";
import { defaultBuildCommand } from "./default-build.js";
import { stageStaticOutput } from "./output-dir.js";

export interface AppBuildOptions {
  /** Where the command's output goes; by default our stdout and stderr. */
  onOutput?: (text: string, stream: OutputStream) => void;
}

/** The command to run for this app, or null when sdk's own compile is the whole build. */
export function appBuildCommand(root: string, ir: AppIR): string | null {
  return defaultBuildCommand(root, ir.appType, ir.config);
}

/** Runs the command (throwing BuildCommandFailed with its exit code), then stages static output into ir.assets. */
export async function runAppBuild(root: string, ir: AppIR, command: string | null, options: AppBuildOptions = {}): Promise<void> {
  if (command) {
    const result = await runBuildCommand(root, command, { onOutput: options.onOutput });
    if (!result.ok) throw new BuildCommandFailed(command, result);
  }
  if (ir.appType === "sdk") return;
  const outputDir = ir.config.inference?.outputDir ?? DEFAULT_OUTPUT_DIR;
  // A hand-written static site with no build step is its public/ folder, already scanned.
  if (!command && !existsSync(path.join(root, outputDir))) return;
  const { stagedDir } = stageStaticOutput(root, outputDir, { buildCommand: command });
  replaceAssets(ir, scanPublic(stagedDir, root));
}
