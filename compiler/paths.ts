/** Where the installed `sdk` package lives, for reading its templates and runtime sources. */
import { fileURLToPath } from "node:url";
import path from "node:path";

/** Both `compiler/paths.ts` (source) and `lib/compiler/paths.js` (built) find the same root. */
function findPackageRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const parts = here.split(path.sep);
  const libIndex = parts.lastIndexOf("lib");
  return libIndex >= 0 && parts[libIndex + 1] === "compiler"
    ? parts.slice(0, libIndex).join(path.sep)
    : path.resolve(here, "..");
}

export const PACKAGE_ROOT = findPackageRoot();

/** Absolute path of a file inside the package, from POSIX parts. */
export function packagePath(...parts: string[]): string {
  return path.join(PACKAGE_ROOT, ...parts);
}

/**
 * The compiled JavaScript of one of our modules (`runtime/index` -> `lib/runtime/index.js`). Builds
 * bundle these, never our TypeScript sources: an installed package sits under node_modules, where
 * bundlers rightly do not transpile TypeScript.
 */
export function compiledModule(modulePath: string): string {
  return packagePath("lib", ...`${modulePath}.js`.split("/"));
}

/** POSIX form of a path relative to `from`, for the IR and generated imports. */
export function toPosixRelative(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join("/");
}
