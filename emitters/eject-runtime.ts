/**
 * Which runtime modules an ejected app carries: those its code names (`sdk`, `sdk/runtime/*`),
 * then everything they import inside runtime/, type-only imports included, since the ejected
 * project type-checks what it carries. A node eject thus gets adapters/node.ts and no other adapter.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { ts } from "../compiler/typescript.js";
import { packagePath } from "../compiler/paths.js";
import { compareCodeUnits } from "../compiler/scan/files.js";

export interface RuntimeModule {
  /** POSIX path relative to runtime/, such as `adapters/node.ts`. */
  path: string;
  content: string;
}

export interface RuntimeSelection {
  /** Sorted by path. */
  modules: RuntimeModule[];
  /** The npm packages those modules import, sorted: what the ejected package.json must list. */
  packages: string[];
}

const SDK_RUNTIME_PREFIX = "sdk/runtime/";

/**
 * Every module specifier in the source, as TypeScript's own pre-parse finds them, and its
 * `/// <reference path>` files: the declarations of workerd's modules (`cloudflare:email`).
 */
function specifiersIn(source: string): string[] {
  const { importedFiles, referencedFiles } = ts.preProcessFile(source, true, true);
  return [...importedFiles, ...referencedFiles].map((file) => file.fileName);
}

/**
 * The public `sdk` modules an ejected app may import, each to the runtime file it is (what
 * compiler/resolve-sdk.ts resolves them to). The ejected build's aliases and tsconfig.json's
 * `paths` are written from this table, beside `sdk/runtime/*` for the generated code.
 */
export const SDK_MODULE_FILES: Readonly<Record<string, string>> = {
  sdk: "index.ts",
  "sdk/react": "ui/react/index.ts",
  "sdk/vue": "ui/vue/index.ts",
  "sdk/svelte": "ui/svelte/index.ts",
  "sdk/solid": "ui/solid/index.ts",
  "sdk/client": "client/index.ts",
  "sdk/ws": "ws/index.ts",
  "sdk/db": "db/index.ts",
  "sdk/schema": "db/schema-sqlite.ts",
  "sdk/schema-pg": "db/schema-pg.ts",
  "sdk/schema-mysql": "db/schema-mysql.ts",
  "sdk/env": "env/index.ts",
  "sdk/auth": "auth/index.ts",
  "sdk/auth/client": "auth/client.ts",
  "sdk/auth/plugins": "auth/plugins.ts",
  "sdk/auth/react": "auth/react.ts",
  "sdk/auth/vue": "auth/vue.ts",
  "sdk/auth/svelte": "auth/svelte.ts",
  "sdk/auth/solid": "auth/solid.ts",
  "sdk/kv": "kv/index.ts",
  "sdk/storage": "storage/index.ts",
};

/** workerd's modules, typed by declarations in the runtime that a module importing them may not reference itself. */
const AMBIENT_DECLARATIONS: Readonly<Record<string, string>> = {
  "cloudflare:workers": "platform/cloudflare-workers.d.ts",
  "cloudflare:email": "email/cloudflare-email.d.ts",
};

/** Mirrors the ejected build's aliases; null for specifiers that are not our runtime. */
function runtimeModuleNamed(specifier: string): string | null {
  if (specifier.startsWith(SDK_RUNTIME_PREFIX)) return runtimeFile(specifier.slice(SDK_RUNTIME_PREFIX.length));
  return SDK_MODULE_FILES[specifier] ?? null;
}

/**
 * `sdk/runtime/x` is `x.ts`, `x/index.ts` for a folder, or the file itself when it names one
 * with its extension (`ui/svelte/Root.svelte`); `form.svelte` is `form.svelte.ts`.
 */
function runtimeFile(subpath: string, runtimeDir: string = packagePath("runtime")): string {
  for (const candidate of [`${subpath}.ts`, `${subpath}/index.ts`, subpath]) {
    if (existsSync(path.join(runtimeDir, candidate)) && !isDirectoryPath(path.join(runtimeDir, candidate))) return candidate;
  }
  return `${subpath}.ts`;
}

function isDirectoryPath(file: string): boolean {
  return statSync(file).isDirectory();
}

/** The runtime imports its siblings as `./x.js`, the name of the compiled file; the source is `./x.ts`. */
function resolveSibling(from: string, specifier: string): string {
  return path.posix.join(path.posix.dirname(from), specifier.replace(/\.js$/, ".ts"));
}

/** The npm package a bare specifier names (`hono/router` is hono), or null for a Node or workerd builtin. */
function packageNamed(specifier: string): string | null {
  if (specifier.startsWith("node:") || specifier.startsWith("cloudflare:") || builtinModules.includes(specifier)) return null;
  const [first, second] = specifier.split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

export function selectRuntimeModules(sources: readonly string[], runtimeDir: string = packagePath("runtime")): RuntimeSelection {
  const modules = new Map<string, string>();
  const packages = new Set<string>();
  const pending = sources.flatMap(specifiersIn).flatMap((specifier) => runtimeModuleNamed(specifier) ?? []);
  for (let module = pending.pop(); module !== undefined; module = pending.pop()) {
    if (modules.has(module)) continue;
    const file = path.join(runtimeDir, module);
    if (module.startsWith("../") || !existsSync(file)) throw new Error(`sdk eject: ${module} is not a module of the runtime`);
    const content = readFileSync(file, "utf8");
    modules.set(module, content);
    for (const specifier of specifiersIn(content)) {
      if (specifier.startsWith(".")) {
        pending.push(resolveSibling(module, specifier));
        continue;
      }
      const declarations = AMBIENT_DECLARATIONS[specifier];
      if (declarations) pending.push(declarations);
      const packageName = packageNamed(specifier);
      if (packageName) packages.add(packageName);
    }
  }
  return {
    modules: [...modules].map(([modulePath, content]) => ({ path: modulePath, content })).sort((a, b) => compareCodeUnits(a.path, b.path)),
    packages: [...packages].sort(compareCodeUnits),
  };
}
