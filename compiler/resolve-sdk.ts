/**
 * Bundler resolution of the `sdk` modules an app and its generated code import: `sdk`,
 * `sdk/config` and `sdk/runtime/*` become our compiled runtime in lib/, so the built app carries
 * its own copy and needs no `node_modules` beside it, and the copy always matches the compiler
 * that generated the code importing it.
 */
import { existsSync } from "node:fs";
import type { Plugin } from "rollup";
import { compiledModule } from "./paths.js";

function runtimeModule(subpath: string): string | null {
  for (const candidate of [subpath, `${subpath}/index`]) {
    const file = compiledModule(`runtime/${candidate}`);
    if (existsSync(file)) return file;
  }
  return null;
}

const DATABASE_MODULES: Record<string, string> = {
  "sdk/db": "index",
  "sdk/schema": "schema-sqlite",
  "sdk/schema-pg": "schema-pg",
  "sdk/schema-mysql": "schema-mysql",
};

/** Resolves a specifier to our compiled module, or null when it is not an `sdk` module. */
export function resolveSdkModule(specifier: string): string | null {
  if (specifier === "sdk") return compiledModule("runtime/index");
  if (specifier === "sdk/config") return compiledModule("compiler/config/define");
  const ui = /^sdk\/(react|vue|svelte|solid)$/.exec(specifier);
  if (ui) return compiledModule(`runtime/ui/${ui[1]}/index`);
  if (specifier === "sdk/client") return compiledModule("runtime/client/index");
  const platform = /^sdk\/(kv|storage|ai|queue|sandbox|env)$/.exec(specifier);
  if (platform) return compiledModule(`runtime/${platform[1]}/index`);
  // The same files as the generated app's `sdk/runtime/auth/*`: one registry of auth's settings.
  const auth = /^sdk\/auth(?:\/(client|plugins))?$/.exec(specifier);
  if (auth) return compiledModule(`runtime/auth/${auth[1] ?? "index"}`);
  const database = DATABASE_MODULES[specifier];
  if (database) return compiledModule(`runtime/db/${database}`);
  if (specifier.startsWith("sdk/runtime/")) return runtimeModule(specifier.slice("sdk/runtime/".length));
  return null;
}

/** `sdk` and `sdk/...`: the filter lets Rolldown skip calling into JavaScript for every other import. */
const SDK_SPECIFIER = /^sdk(?:\/|$)/;

export function sdkResolverPlugin(): Plugin {
  return {
    name: "sdk:resolve",
    resolveId: {
      filter: { id: SDK_SPECIFIER },
      handler(specifier) {
        return SDK_SPECIFIER.test(specifier) ? resolveSdkModule(specifier) : null;
      },
    },
  };
}
