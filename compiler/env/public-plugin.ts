/**
 * `import.meta.env.PUBLIC_*` in the app's code, replaced by the value the build fixed (see
 * public-values.ts), in the server and client bundles alike and in `sdk dev`, where Vite serves
 * the modules: the one way page code reads a variable, on every target. Under `sdk dev` it also
 * stands guard over the browser's modules, as the client build does (client-guard.ts): Vite
 * reports a server key read there as the module's error.
 */
import MagicString from "magic-string";
import type { Plugin, PluginContext, TransformPluginContext, TransformResult } from "rollup";
import type { Diagnostic } from "../diagnostics.js";
import type { EnvIR } from "../ir.js";
import { envModuleImport, isEnvModule, serverKeyReads, serverNames } from "./client-guard.js";
import { ENV_MODULE } from "./imports.js";
import { envReferences, isAppCode } from "./references.js";

const ENV_SPECIFIER = new RegExp(`^${ENV_MODULE}(?:/|$)`);

export function publicEnvPlugin(env: EnvIR | null): Plugin {
  const plugin: Plugin & { enforce: "pre" } = {
    name: "sdk:public-env",
    // Vite: before the UI library's plugin compiles a .vue or .svelte file (Rollup keeps array order).
    enforce: "pre",
    // Filtered, so the bundler calls into JavaScript only for imports of sdk/env.
    resolveId: {
      filter: { id: ENV_SPECIFIER },
      handler(specifier, importer) {
        if (importer && isEnvModule(specifier) && inBrowserDevModule(this)) failDev(this, envModuleImport(importer, specifier, {}));
        return null;
      },
    },
  };
  // Without env.ts there is no key to replace or guard: no module need pass through here.
  return env ? { ...plugin, transform: publicValues(env) } : plugin;
}

/** Replaces the public keys' reads; under `sdk dev`, fails a browser module that reads a server key. */
function publicValues(env: EnvIR) {
  const publicNames = new Set(env.keys.filter((key) => key.scope === "public").map((key) => key.name));
  const secret = serverNames(env);
  return function (this: TransformPluginContext, code: string, id: string): TransformResult {
    if (!isAppCode(id)) return null;
    if (inBrowserDevModule(this)) {
      const [read] = serverKeyReads(code, id, secret);
      if (read) failDev(this, read);
    }
    const replaced = envReferences(code).filter((ref) => ref.via === "import.meta.env" && !ref.assigned && publicNames.has(ref.name));
    if (replaced.length === 0) return null;
    const output = new MagicString(code);
    for (const ref of replaced) output.overwrite(ref.start, ref.end, `(${JSON.stringify(env.publicValues[ref.name]) ?? "undefined"})`);
    return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
  };
}

/** Vite names the browser's module environment `client`; Rollup has no environments. */
function inBrowserDevModule(context: PluginContext): boolean {
  return (context as PluginContext & { environment?: { name?: string } }).environment?.name === "client";
}

function failDev(context: PluginContext, diagnostic: Diagnostic): never {
  return context.error({
    message: `${diagnostic.code}: ${diagnostic.message}. ${diagnostic.hint}`,
    ...(diagnostic.line !== undefined ? { loc: { file: diagnostic.file, line: diagnostic.line, column: diagnostic.column! - 1 } } : {}),
  });
}
