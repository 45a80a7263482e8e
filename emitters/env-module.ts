/**
 * What the generated platform.ts registers for `sdk/env`: env.ts's keys (kind, scope, default)
 * and the public values this build fixed, so the worker reads each key as the build checked it
 * and serves the same public values the browser bundle inlined. Only server keys' values are read
 * at run time, from the worker's env.
 */
import type { AppIR, EnvIR } from "../compiler/ir.js";
import { ENV_MODULE } from "../compiler/env/imports.js";

export type EnvSlots = Record<"envComment" | "envImport" | "envRegistration", string>;

export function importsEnv(ir: AppIR): boolean {
  return ir.sdkImports.some((imported) => imported.specifier === ENV_MODULE);
}

export function envSlots(ir: AppIR): EnvSlots {
  if (!ir.env || !importsEnv(ir)) return { envComment: "", envImport: "", envRegistration: "" };
  return {
    envComment: `, and the keys of ${ir.env.file} sdk/env reads`,
    envImport: '\nimport { registerEnv } from "sdk/runtime/env/registry";',
    envRegistration: `\n${registration(ir.env)}`,
  };
}

/** One key per line, without where env.ts declares it: the worker needs the declaration only. */
function registration(env: EnvIR): string {
  const keys = env.keys.map(({ line: _line, column: _column, ...key }) => `    ${JSON.stringify(key)},`);
  return [
    "registerEnv({",
    `  file: ${JSON.stringify(env.file)},`,
    `  keys: [${keys.length ? `\n${keys.join("\n")}\n  ` : ""}],`,
    `  publicValues: ${JSON.stringify(env.publicValues)},`,
    "});",
  ].join("\n");
}
