/** The root files a build needs besides the conventions: package.json and sdk.lock.json. */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { error, UserError } from "./diagnostics.js";

/** A root JSON file as an object, null when it does not exist; anything but a JSON object is reported. */
export function readJson(root: string, name: string): Record<string, unknown> | null {
  const file = path.join(root, name);
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, "utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
    throw new Error("the top level is not an object");
  } catch (cause) {
    throw new UserError([error("SDK_JSON_INVALID", `${name} is not a valid JSON object: ${(cause as Error).message}`, {
      file: name,
      hint: `fix the JSON in ${name}`,
    })]);
  }
}

/** The app's name: package.json `name`, else the folder name. */
export function readAppName(root: string): string {
  const name = readJson(root, "package.json")?.name;
  return typeof name === "string" && name ? name : path.basename(path.resolve(root));
}

export const LOCK_FILE = "sdk.lock.json";

/**
 * Writes sdk.lock.json with its keys sorted (the same content always reads the same), replacing
 * the file in one rename so an interrupted run leaves the old file or the new one, never half.
 */
export function writeLockFile(root: string, lock: Record<string, unknown>): void {
  const ordered = Object.fromEntries(Object.keys(lock).sort().map((key) => [key, lock[key]]));
  const file = path.join(root, LOCK_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(ordered, null, 2)}\n`);
  renameSync(temporary, file);
}

/** The `resolved` object of sdk.lock.json: provisioned values that sit under the user's `edge`. */
export function readLockResolved(root: string): Record<string, unknown> | undefined {
  const resolved = readJson(root, LOCK_FILE)?.resolved;
  if (resolved === undefined) return undefined;
  if (typeof resolved !== "object" || resolved === null || Array.isArray(resolved)) {
    throw new UserError([error("SDK_LOCK_INVALID", "sdk.lock.json `resolved` must be an object", {
      file: LOCK_FILE,
      configPath: "resolved",
      hint: "delete the `resolved` key; the next build records it again",
    })]);
  }
  return resolved as Record<string, unknown>;
}

/**
 * Whether the app has `@types/node`. TypeScript 6 and later include no `@types` package unless
 * `types` names it, so `sdk prepare` names it only when the app can resolve it.
 */
export function hasNodeTypes(root: string): boolean {
  try {
    createRequire(path.join(root, "package.json")).resolve("@types/node/package.json");
    return true;
  } catch {
    return false;
  }
}
