/**
 * What a secret's name tells before it is set: a `PUBLIC_` name is a public value (inlined into
 * browser code at build time), never a secret; a name env.ts does not declare is likely a typo;
 * a name `worker.vars` also sets is shadowed on the deployed worker. Warnings only: the user may
 * know better, and the secret is still set.
 */
import type { SdkConfig } from "../../compiler/config/define.js";
import { warning, type Diagnostic } from "../../compiler/diagnostics.js";
import { loadEnv } from "../../compiler/env/load.js";
import type { EnvIR } from "../../compiler/ir.js";
import { PUBLIC_PREFIX } from "./names.js";

export async function secretNameWarnings(root: string, config: SdkConfig, name: string): Promise<Diagnostic[]> {
  return describeSecretName(name, config, await readEnvQuietly(root, config));
}

/** Pure: `env` is env.ts as read, null when the app has none. */
export function describeSecretName(name: string, config: SdkConfig, env: EnvIR | null): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  const declared = env?.keys.find((key) => key.name === name);
  if (name.startsWith(PUBLIC_PREFIX) || declared?.scope === "public") {
    const where = declared ? `${env!.file} declares it as a public key` : `${PUBLIC_PREFIX}* names are public keys`;
    warnings.push(warning("SDK_SECRET_PUBLIC_NAME", `${name} is a public value, not a secret: ${where}, whose values are inlined into the build where browsers can read them`, {
      ...(declared && env ? { file: env.file, line: declared.line, column: declared.column } : {}),
      hint: `a public value is set in the build's environment or worker.vars; for a secret, use a name without ${PUBLIC_PREFIX} declared under server in env.ts`,
    }));
  } else if (env && !declared) {
    warnings.push(warning("SDK_SECRET_NOT_IN_ENV", `${env.file} does not declare ${name}, so sdk/env does not read it (the worker still gets it as a binding)`, {
      file: env.file,
      hint: `check the name's spelling, or declare it under server in ${env.file}: ${name}: env.string()`,
    }));
  }
  if (config.worker?.vars && Object.hasOwn(config.worker.vars, name)) {
    warnings.push(warning("SDK_SECRET_SHADOWS_VAR", `worker.vars.${name} is set too: on the deployed worker the secret takes precedence over it`, {
      file: "sdk.config.ts",
      configPath: `worker.vars.${name}`,
      hint: `remove ${name} from worker.vars, or delete the secret later to use the configured value again`,
    }));
  }
  return warnings;
}

/**
 * env.ts is read only to warn; an env.ts with mistakes still tells its keys, and one that cannot
 * be read at all is the build's to report, not a reason to refuse setting a secret.
 */
async function readEnvQuietly(root: string, config: SdkConfig): Promise<EnvIR | null> {
  try {
    const { env, diagnostics } = await loadEnv(root, { config, mode: "production" });
    // An env.ts that did not evaluate reports no keys: that says nothing about this name.
    return env && !env.keys.length && diagnostics.some((d) => d.severity === "error") ? null : env;
  } catch {
    return null;
  }
}
