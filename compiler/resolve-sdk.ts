/**
 * Rollup resolution of the `sdk` modules an app and its generated code import: `sdk` and
 * `sdk/runtime/*` become our runtime's TypeScript sources, so the built app carries its own copy
 * and needs no `node_modules` beside it. Modules of later capabilities fail with a clear message.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "rollup";
import { packagePath } from "./paths.js";
import { PLANNED_MODULES } from "./sdk-modules.js";

export class UnavailableModuleError extends Error {
  constructor(readonly specifier: string, readonly importer: string | undefined) {
    super(`${specifier} is not available in this version of sdk`);
  }
}

function runtimeSource(subpath: string): string | null {
  for (const candidate of [`${subpath}.ts`, path.join(subpath, "index.ts")]) {
    const file = packagePath("runtime", candidate);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Resolves a specifier to our source file, or null when it is not an `sdk` module. */
export function resolveSdkModule(specifier: string): string | null {
  if (specifier === "sdk") return packagePath("runtime", "index.ts");
  if (specifier === "sdk/config") return packagePath("compiler", "config", "define.ts");
  if (specifier.startsWith("sdk/runtime/")) return runtimeSource(specifier.slice("sdk/runtime/".length));
  return null;
}

export function sdkResolverPlugin(): Plugin {
  return {
    name: "sdk:resolve",
    resolveId(specifier, importer) {
      if (specifier !== "sdk" && !specifier.startsWith("sdk/")) return null;
      const file = resolveSdkModule(specifier);
      if (file) return file;
      if (PLANNED_MODULES.has(specifier)) throw new UnavailableModuleError(specifier, importer);
      return null;
    },
  };
}
