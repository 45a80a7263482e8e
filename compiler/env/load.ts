/**
 * env.ts as a build sees it: evaluated like sdk.config.ts (bundled, then imported, with `sdk`
 * resolving to this package), its declaration checked, the public values fixed and, in a
 * production build, `worker.vars` checked against the server keys. The app's code never imports
 * env.ts: the generated worker carries what this reads from it.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SdkConfig } from "../config/define.js";
import { evaluateModule } from "../config/evaluate.js";
import { CONFIG_FILE } from "../config/load.js";
import { UserError, type Diagnostic } from "../diagnostics.js";
import type { BuildMode, EnvIR } from "../ir.js";
import { compiledModule, toPosixRelative } from "../paths.js";
import { resolveProjectLayout } from "../scan/project.js";
import { resolvePublicValues } from "./public-values.js";
import { describeEnv } from "./schema.js";
import { serverKeysInVars } from "./server-vars.js";

export interface LoadedEnv {
  /** Null when the app has no env.ts; with mistakes, the keys declared without one. */
  env: EnvIR | null;
  diagnostics: Diagnostic[];
}

export interface LoadEnvOptions {
  config: SdkConfig;
  mode: BuildMode;
  /** Where public values are read (default `process.env`). */
  environment?: Readonly<Record<string, string | undefined>>;
}

export async function loadEnv(root: string, options: LoadEnvOptions): Promise<LoadedEnv> {
  const file = resolveProjectLayout(root, options.config).layout.conventions["env.ts"];
  if (!file) return { env: null, diagnostics: [] };
  const relative = toPosixRelative(root, file);
  let exported: Record<string, unknown>;
  try {
    exported = await evaluateModule(root, file, { aliases: { sdk: compiledModule("runtime/index") }, codePrefix: "SDK_ENV", runs: "at every build and dev start" });
  } catch (cause) {
    if (cause instanceof UserError) return { env: { file: relative, keys: [], publicValues: {} }, diagnostics: cause.diagnostics };
    throw cause;
  }
  const described = describeEnv(exported, relative, await readFile(file, "utf8"));
  const publicValues = resolvePublicValues(described.keys, relative, {
    environment: options.environment ?? process.env,
    vars: options.config.worker?.vars,
    mode: options.mode,
  });
  const env: EnvIR = { file: relative, keys: described.keys, publicValues: publicValues.values };
  return { env, diagnostics: [...described.diagnostics, ...publicValues.diagnostics, ...(await varsDiagnostics(root, env, options))] };
}

async function varsDiagnostics(root: string, env: EnvIR, options: LoadEnvOptions): Promise<Diagnostic[]> {
  const configFile = path.join(root, CONFIG_FILE);
  if (options.mode !== "production" || !options.config.worker?.vars || !existsSync(configFile)) return [];
  return serverKeysInVars(env, options.config, await readFile(configFile, "utf8"));
}
