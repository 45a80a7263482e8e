/**
 * Where a deploy goes: the account (the config's `edge.account_id`, else the link's, else the
 * login's) and the worker (the link's name; the first deploy links the folder to the name the
 * build generates, as `sdk project link` would).
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import type { SdkConfig } from "../../compiler/config/define.js";
import type { PlatformApi } from "../platform/api.js";

export interface DeployTarget {
  api: PlatformApi;
  accountId: string;
  workerName: string;
}

/** `sdk deploy` ships to the edge platform; the other targets are servers the user runs. */
export function refuseNonEdgeTarget(config: SdkConfig): void {
  const target = config.target;
  if (target === undefined || target === "edge") return;
  throw new UserError([error("SDK_DEPLOY_TARGET", `sdk deploy deploys to the edge platform, and this app's target is ${target}`, {
    file: "sdk.config.ts",
    configPath: "target",
    hint: `run sdk build and start dist/ on your ${target} host (${target === "node" ? "node dist/server/index.mjs" : target === "bun" ? "bun dist/server/index.mjs" : "deno run -A dist/server/index.mjs"}), or set target: "edge" to deploy with sdk`,
  })]);
}
