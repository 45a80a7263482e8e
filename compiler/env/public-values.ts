/**
 * The values of env.ts's public keys, fixed at build: browser code has no environment to read at
 * run time, so each value is inlined where `import.meta.env.PUBLIC_*` is read, and the worker
 * serves the same one. A value comes from the build's environment, else `worker.vars`, else the
 * key's default. `sdk dev` has put the root `.env` into its environment (a shell variable wins);
 * `sdk build` never reads `.env`, so a value set only there does not reach a production bundle.
 */
import { error, type Diagnostic } from "../diagnostics.js";
import type { BuildMode, EnvKeyIR } from "../ir.js";
import { isUnset, parseEnvValue } from "../../runtime/env/parse.js";

export interface PublicSources {
  /** `process.env` of the build (of `sdk dev`, with `.env` applied). */
  environment: Readonly<Record<string, string | undefined>>;
  /** `worker.vars` of sdk.config.ts. */
  vars: Readonly<Record<string, string>> | undefined;
  mode: BuildMode;
}

export interface PublicValues {
  values: Record<string, unknown>;
  diagnostics: Diagnostic[];
}

export function resolvePublicValues(keys: readonly EnvKeyIR[], file: string, sources: PublicSources): PublicValues {
  const values: Record<string, unknown> = {};
  const diagnostics: Diagnostic[] = [];
  for (const key of keys) {
    if (key.scope !== "public") continue;
    const location = { file, ...(key.line !== undefined ? { line: key.line, column: key.column } : {}) };
    const fromEnvironment = sources.environment[key.name];
    const fromVars = sources.vars?.[key.name];
    const [raw, origin] = !isUnset(fromEnvironment) ? [fromEnvironment, "the build's environment"] : !isUnset(fromVars) ? [fromVars, `worker.vars.${key.name}`] : [undefined, ""];
    if (raw === undefined) {
      if ("default" in key) values[key.name] = key.default;
      else if (!key.optional) diagnostics.push(missing(key.name, location, sources.mode));
      continue;
    }
    const parsed = parseEnvValue(key, raw);
    if (parsed.ok) values[key.name] = parsed.value;
    else {
      diagnostics.push(error("SDK_ENV_PUBLIC_INVALID", `${key.name} from ${origin} ${parsed.problem}, as ${file} declares it with env.${key.kind}()`, {
        ...location,
        hint: `Fix the value of ${key.name} where it is set (${origin}).`,
      }));
    }
  }
  return { values, diagnostics };
}

function missing(name: string, location: { file: string; line?: number; column?: number }, mode: BuildMode): Diagnostic {
  const where = mode === "development"
    ? `put ${name}=... in the root .env (or set it in the shell that runs sdk dev)`
    : `set it in the environment of the build (${name}=... sdk build) or in worker.vars; .env is read by sdk dev only`;
  return error("SDK_ENV_PUBLIC_MISSING", `public key ${name} has no value, and ${location.file} declares it as required`, {
    ...location,
    hint: `Public values are inlined at build: ${where}, or give it .default() or .optional().`,
  });
}
