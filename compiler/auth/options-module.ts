/**
 * auth.ts as `sdk db generate` needs it: its options, for the tables they imply (plugins' own,
 * `additionalFields`). It runs in Node, not the worker, with `sdk/auth` as `defineAuth` alone and
 * `sdk/env` as a stand-in whose keys all read as a placeholder (env-stand-in.ts): the variables
 * shape no table. `defineAuth(() => ...)` is called there too; a throw is located in auth.ts.
 */
import type { BetterAuthOptions } from "better-auth";
import path from "node:path";
import { evaluateModule } from "../config/evaluate.js";
import { error, UserError } from "../diagnostics.js";
import { compiledModule } from "../paths.js";
import { edgeOnlyModuleOf } from "../validate/edge-only-imports.js";

const ALIASES: Record<string, string> = {
  sdk: compiledModule("runtime/index"),
  "sdk/auth": compiledModule("runtime/auth/options"),
  "sdk/auth/plugins": compiledModule("runtime/auth/plugins"),
  "sdk/env": compiledModule("compiler/auth/env-stand-in"),
};

/**
 * What auth.ts may import for its hooks (`sendEmail` in `sendResetPassword`, `db` in a database
 * hook) but only the worker runs: loaded as stand-ins, since no hook runs while the tables are read.
 */
function workerOnly(specifier: string): string | null {
  const onlyInWorker = specifier.startsWith("cloudflare:") || specifier === "sdk/ws" || edgeOnlyModuleOf(specifier) !== null;
  return onlyInWorker ? `${specifier} is only available in the worker, not while sdk db generate reads auth.ts: use it inside a hook or a function, which the worker calls` : null;
}

/** `authFile` is project-relative, as AuthIR has it. */
export async function loadAuthOptions(root: string, authFile: string): Promise<BetterAuthOptions> {
  let options: unknown;
  await evaluateModule(root, path.join(root, authFile), {
    aliases: ALIASES,
    codePrefix: "SDK_AUTH",
    runs: "by sdk db generate, with every sdk/env variable a placeholder",
    standIn: workerOnly,
    andThen: (exports) => {
      options = typeof exports.default === "function" ? (exports.default as () => unknown)() : exports.default;
    },
  });
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new UserError([error("SDK_AUTH_OPTIONS", `${authFile} must export default defineAuth({ ... }) or defineAuth(() => ({ ... })), not ${options === null ? "null" : Array.isArray(options) ? "an array" : typeof options}.`, {
      file: authFile,
      hint: 'Export the options: export default defineAuth({ plugins: [...] }), with defineAuth from "sdk/auth".',
    })]);
  }
  return options as BetterAuthOptions;
}
