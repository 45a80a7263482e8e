/** Reading the root files a build needs besides the conventions: package.json and sdk.lock.json. */
import { existsSync, readFileSync } from "node:fs";
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

/** The `resolved` object of sdk.lock.json: provisioned values that sit under the user's `edge`. */
export function readLockResolved(root: string): Record<string, unknown> | undefined {
  const resolved = readJson(root, "sdk.lock.json")?.resolved;
  if (resolved === undefined) return undefined;
  if (typeof resolved !== "object" || resolved === null || Array.isArray(resolved)) {
    throw new UserError([error("SDK_LOCK_INVALID", "sdk.lock.json `resolved` must be an object", {
      file: "sdk.lock.json",
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
