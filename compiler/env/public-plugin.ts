/**
 * `import.meta.env.PUBLIC_*` in the app's code, replaced by the value the build fixed (see
 * public-values.ts), in the server and client bundles alike and in `sdk dev`, where Vite serves
 * the modules: the one way page code reads a variable, on every target. Under `sdk dev` it also
 * stands guard over the browser's modules, as the client build does (client-guard.ts): Vite
 * reports a server key read there as the module's error.
 */
import MagicString from "magic-string";
import type { Plugin, PluginContext } from "rollup";
import type { Diagnostic } from "../diagnostics.js";
import type { EnvIR } from "../ir.js";
import { envModuleImport, isEnvModule, serverKeyReads, serverNames } from "./client-guard.js";
import { envReferences, isAppCode } from "./references.js";

export function publicEnvPlugin(env: EnvIR | null): Plugin {
  const publicNames = new Set(env?.keys.filter((key) => key.scope === "public").map((key) => key.name));
  const secret = serverNames(env);
  const plugin: Plugin & { enforce: "pre" } = {
    name: "sdk:public-env",
    // Vite: before the UI library's plugin compiles a .vue or .svelte file (Rollup keeps array order).
    enforce: "pre",
    resolveId(specifier, importer) {
      if (importer && isEnvModule(specifier) && inBrowserDevModule(this)) failDev(this, envModuleImport(importer, specifier, {}));
      return null;
    },
    transform(code, id) {
      if (!isAppCode(id)) return null;
      if (inBrowserDevModule(this)) {
        const [read] = serverKeyReads(code, id, secret);
        if (read) failDev(this, read);
      }
      const replaced = envReferences(code).filter((ref) => ref.via === "import.meta.env" && !ref.assigned && publicNames.has(ref.name));
      if (replaced.length === 0) return null;
      const output = new MagicString(code);
      for (const ref of replaced) output.overwrite(ref.start, ref.end, `(${JSON.stringify(env!.publicValues[ref.name]) ?? "undefined"})`);
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
    },
  };
  return plugin;
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
