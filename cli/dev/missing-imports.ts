/**
 * On the edge, an app module's import that resolves to nothing (a package that is not installed,
 * a relative file that does not exist) reaches workerd as "Cannot find module" with no line, or
 * not at all: Vite leaves an unresolved bare import to be loaded at run time. This stops it where
 * the importing module is compiled, with the importer's file, line and column and how to fix it,
 * so workerd's module runner fails that one import (runtime/dev/last-good.ts) with a located error.
 */
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import type { Plugin as VitePlugin, ViteDevServer } from "vite";

export function missingImportsPlugin(root: string): VitePlugin {
  let vite: ViteDevServer | undefined;
  return {
    name: "sdk:dev-missing-imports",
    enforce: "pre",
    configureServer(server) {
      vite = server;
    },
    async resolveId(source, importer, options) {
      // The browser's imports are Vite's to report, with its overlay.
      if (this.environment.name === "client") return null;
      // Vite's dependency scan (which marks its calls `scan`, untyped) goes on without what it
      // cannot find; the import is reported when its module is compiled.
      if ((options as { scan?: boolean }).scan || !importer || !isAppModule(root, importer) || isVirtual(source) || isBuiltin(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // An external one is loaded at run time, from node_modules.
      if (resolved && !(resolved.external && isBare(source) && !installed(packageName(source), importer))) return resolved;
      const error = locatedError(root, importer, source);
      // Every open page shows it too, until the next update or reload.
      vite?.environments.client.hot.send({ type: "error", err: { message: error.message, stack: "", id: importer, loc: error.loc } });
      throw error;
    },
  };
}

function locatedError(root: string, importer: string, source: string): Error & { loc: { file: string; line: number; column: number } } {
  const file = path.relative(root, importer).split(path.sep).join("/");
  const { line, column } = positionOf(importer, source);
  const fix = isBare(source) ? `the package "${packageName(source)}" is not installed: install it (npm install ${packageName(source)}) or fix the import` : `"${source}" is not a file: create it or fix the import`;
  return Object.assign(new Error(`${file}:${line}:${column}: cannot import "${source}": ${fix}`), { id: importer, loc: { file: importer, line, column } });
}

/** Where the specifier is written in the importer, quoted; the first line when it cannot be found. */
function positionOf(importer: string, source: string): { line: number; column: number } {
  let text = "";
  try {
    text = readFileSync(importer.split("?")[0]!, "utf8");
  } catch {
    return { line: 1, column: 1 };
  }
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const at = Math.max(line.indexOf(`"${source}"`), line.indexOf(`'${source}'`));
    if (at >= 0) return { line: index + 1, column: at + 1 };
  }
  return { line: 1, column: 1 };
}

function isAppModule(root: string, importer: string): boolean {
  const relative = path.relative(root, importer);
  return !importer.endsWith(".html") && !relative.startsWith("..") && !path.isAbsolute(relative) && !relative.split(path.sep).includes("node_modules") && !relative.startsWith(".sdk");
}

const isBare = (source: string) => !source.startsWith(".") && !source.startsWith("/") && !/^[a-z]+:/i.test(source);
const isVirtual = (source: string) => source.startsWith("\0") || source.startsWith("virtual:") || source.startsWith("/@");
const isBuiltin = (source: string) => source.startsWith("node:") || source.startsWith("cloudflare:") || builtinModules.includes(source);
const packageName = (source: string) => source.split("/").slice(0, source.startsWith("@") ? 2 : 1).join("/");

/** Whether a node_modules folder above the importer holds the package, as Node would find it. */
function installed(name: string, importer: string): boolean {
  for (let dir = path.dirname(importer); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", name, "package.json"))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}
