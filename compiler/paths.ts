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

/** POSIX form of a path relative to `from`, for the IR and generated imports. */
export function toPosixRelative(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join("/");
}
