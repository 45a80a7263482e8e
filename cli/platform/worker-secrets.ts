/**
 * The linked worker's secret names, for `sdk secret list` and `sdk secret delete`: never a value
 * (the API answers none), and which of them shadow a plain-text variable the config sets, since on
 * the deployed worker a secret wins over a var of the same name.
 */
import type { SdkConfig } from "../../compiler/config/define.js";
import { PlatformApiError, type PlatformApi } from "./api.js";
import { platformFailure } from "./failures.js";
import type { ProjectLink } from "./link.js";
import { listSecrets, SCRIPT_NOT_FOUND } from "./scripts.js";

export interface SecretName {
  name: string;
  type: string;
  /** The config path of the var it shadows: `worker.vars.API_URL`. */
  shadows?: string;
}

/** Null when the worker does not exist yet (nothing was deployed or put). */
export async function workerSecrets(api: PlatformApi, link: ProjectLink, config: SdkConfig): Promise<SecretName[] | null> {
  let secrets: { name: string; type: string }[];
  try {
    secrets = await listSecrets(api, link.accountId, link.workerName);
  } catch (cause) {
    if (cause instanceof PlatformApiError && cause.hasCode(SCRIPT_NOT_FOUND)) return null;
    throw platformFailure(cause, `listing the secrets of worker ${link.workerName}`);
  }
  return secrets
    .map(({ name, type }) => ({ name, type, ...(shadowedVar(config, name) && { shadows: shadowedVar(config, name) }) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The var a secret of this name shadows: `worker.vars` or the `edge.vars` passthrough. */
export function shadowedVar(config: SdkConfig, name: string): string | undefined {
  if (config.worker?.vars && Object.hasOwn(config.worker.vars, name)) return `worker.vars.${name}`;
  const edgeVars = config.edge?.vars;
  if (edgeVars && typeof edgeVars === "object" && Object.hasOwn(edgeVars, name)) return `edge.vars.${name}`;
  return undefined;
}
