/**
 * The worker a folder links to: `--name`, else the config's `edge.name`, else the name the build
 * generates from the app's name, so the link names the worker `sdk deploy` uploads. A `--name`
 * that contradicts `edge.name` is refused: the build would keep naming the other worker.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { SdkConfig } from "../../compiler/config/define.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { readAppName } from "../../compiler/project-files.js";
import { DEFAULT_COMPATIBILITY_DATE, queueWorkerName } from "../../emitters/wrangler.js";
import { checkWorkerName } from "./names.js";

export interface ChosenWorkerName {
  name: string;
  /** For the output: where the name came from. */
  from: "--name" | "edge.name" | "the app's name";
}

export function chooseWorkerName(root: string, config: SdkConfig, flag: unknown): ChosenWorkerName {
  const configured = typeof config.edge?.name === "string" ? checkWorkerName(config.edge.name, "edge.name in sdk.config.ts") : undefined;
  if (flag !== undefined) {
    const name = checkWorkerName(String(flag), "--name");
    if (configured !== undefined && configured !== name) {
      throw new UserError([error("SDK_LINK_NAME_CONFLICT", `--name ${name} differs from edge.name (${configured}), which names the worker the build deploys`, {
        file: "sdk.config.ts",
        configPath: "edge.name",
        hint: `set edge.name to "${name}" in sdk.config.ts, or run sdk project link without --name to link ${configured}`,
      })]);
    }
    return { name, from: "--name" };
  }
  return { name: queueWorkerName({ config }, readAppName(root)), from: configured !== undefined ? "edge.name" : "the app's name" };
}

/** The date a draft worker runs at: the app's, so the first deploy does not change it. */
export function compatibilityDateOf(config: SdkConfig): string {
  return config.worker?.compatibility_date ?? DEFAULT_COMPATIBILITY_DATE;
}

/** A link or a secret belongs to an app: a folder without package.json or sdk.config.ts is likely a mistyped --root. */
export function requireAppFolder(root: string, command: string): void {
  if (existsSync(path.join(root, "package.json")) || existsSync(path.join(root, "sdk.config.ts"))) return;
  throw new UserError([error("SDK_NOT_AN_APP", `${root} has no package.json or sdk.config.ts, so it is not an app folder ${command} can work for`, {
    hint: "run it in the app's folder, or pass --root <app folder>",
  })]);
}
