/** Listing the files of a convention folder, in a stable order, with POSIX paths. */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Extensions of modules the compiler parses (route, middleware and job files use these). */
export const MODULE_EXTENSIONS = [".ts", ".tsx", ".js", ".mjs", ".mts"] as const;

/** Extensions of any JavaScript or TypeScript module, for scanning imports in shared code. */
export const SCRIPT_EXTENSIONS = [...MODULE_EXTENSIONS, ".jsx", ".cts", ".cjs"] as const;

export function isDeclarationFile(name: string): boolean {
  return /\.d\.[cm]?ts$/.test(name);
}

/** The extension of `name` among `extensions`, or null; `.d.ts` files never match. */
export function matchExtension(name: string, extensions: readonly string[]): string | null {
  if (isDeclarationFile(name)) return null;
  return extensions.find((ext) => name.endsWith(ext) && name.length > ext.length) ?? null;
}

export function isDirectory(p: string): boolean {
  return existsSync(p) && statSync(p).isDirectory();
}

export interface ListOptions {
  recursive: boolean;
  /** Called with each entry name; returning false leaves the entry (and a directory's content) out. */
  include?: (name: string, isDirectory: boolean) => boolean;
}

/**
 * Files under `dir` as POSIX paths relative to it, sorted by code unit so the order is the same
 * on every machine and locale. `node_modules` is never entered.
 */
export function listFiles(dir: string, options: ListOptions): string[] {
  if (!isDirectory(dir)) return [];
  const out: string[] = [];
  const walk = (absolute: string, relative: string): void => {
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      const entryPath = path.join(absolute, entry.name);
      const directory = entry.isDirectory() || (entry.isSymbolicLink() && isDirectory(entryPath));
      if (directory && entry.name === "node_modules") continue;
      if (options.include && !options.include(entry.name, directory)) continue;
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (directory) {
        if (options.recursive) walk(entryPath, rel);
      } else {
        out.push(rel);
      }
    }
  };
  walk(dir, "");
  return out.sort(compareCodeUnits);
}

/** Locale-independent string order. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
