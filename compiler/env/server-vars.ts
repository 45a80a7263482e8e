/**
 * Server keys are secrets: set with `sdk secret put` for production, never shipped as the
 * plain-text `worker.vars` a deployment carries in its config (and shows in the dashboard). A
 * production build refuses a var named like one, at the var, naming the key in env.ts too. `sdk
 * dev` allows it: `worker.vars` is a fine place for a local value.
 */
import type { SdkConfig } from "../config/define.js";
import { createConfigLocator, formatConfigPath } from "../config/locate.js";
import { CONFIG_FILE } from "../config/load.js";
import { configError, type Diagnostic } from "../diagnostics.js";
import type { EnvIR } from "../ir.js";

/** `configText` is sdk.config.ts's source, for the var's position. */
export function serverKeysInVars(env: EnvIR, config: SdkConfig, configText: string): Diagnostic[] {
  const vars = config.worker?.vars ?? {};
  const locate = createConfigLocator(configText);
  return env.keys.flatMap((key) => {
    if (key.scope !== "server" || !(key.name in vars)) return [];
    const keys = ["worker", "vars", key.name];
    const declared = key.line !== undefined ? `${env.file}:${key.line}:${key.column}` : env.file;
    return [configError("SDK_ENV_SERVER_KEY_IN_VARS", formatConfigPath(keys), `is declared as a server key in ${declared}, and production builds do not ship server keys as plain-text vars`, {
      file: CONFIG_FILE,
      ...(locate(keys, "key") ?? {}),
      hint: `Remove ${key.name} from worker.vars and set it with \`sdk secret put ${key.name}\`; for sdk dev, put it in the root .env.`,
    })];
  });
}
