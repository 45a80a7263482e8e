/**
 * Loads `sdk.config.ts` by running it: it is bundled (so its own relative imports and TypeScript
 * work), written under `.sdk/cache/` and imported, so values computed at run time are real. The
 * result must be JSON data, as it is serialized into the IR, and must satisfy the schema.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { configError, error, UserError } from "../diagnostics.js";
import { compiledModule, toPosixRelative } from "../paths.js";
import type { SdkConfig } from "./define.js";
import { createConfigLocator, formatConfigPath, type ConfigLocator, type PathKey } from "./locate.js";
import { evaluateModule } from "./evaluate.js";
import { describeValue, validateConfig } from "./validate.js";

export const CONFIG_FILE = "sdk.config.ts";

/** `file` is the absolute path of the config file, or null when the app has none. */
export async function loadConfig(root: string): Promise<{ config: SdkConfig; file: string | null }> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) return { config: {}, file: null };
  const text = await readFile(file, "utf8");
  const relative = toPosixRelative(root, file);
  let locator: ConfigLocator | undefined;
  const locate = (keys: PathKey[]) => (locator ??= createConfigLocator(text))(keys) ?? {};

  const exports = await evaluateModule(root, file, { aliases: { "sdk/config": compiledModule("compiler/config/define") } });
  if (!("default" in exports)) {
    throw new UserError([
      error("SDK_CONFIG_NO_DEFAULT", `${CONFIG_FILE} has no default export`, {
        file: relative,
        hint: 'Add `export default defineConfig({ ... })` with `import { defineConfig } from "sdk/config"`.',
      }),
    ]);
  }
  const value = exports.default;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new UserError([
      error("SDK_CONFIG_NO_DEFAULT", `the default export of ${CONFIG_FILE} must be a config object, got ${describeValue(value)}`, {
        file: relative,
        ...locate([]),
        hint: "Default-export `defineConfig({ ... })`.",
      }),
    ]);
  }

  const problems: NotJson[] = [];
  const config = toJson(value, [], new Set(), problems) as SdkConfig;
  if (problems.length > 0) {
    throw new UserError(
      problems.map((p) =>
        configError("SDK_CONFIG_NOT_SERIALIZABLE", formatConfigPath(p.keys), `must be JSON data (string, number, boolean, null, array or plain object), got ${p.got}`, {
          file: relative,
          ...locate(p.keys),
          hint: "The config is serialized into the build output; compute a plain value here instead.",
        }),
      ),
    );
  }
  const diagnostics = validateConfig(config, { file: relative, text }, root);
  if (diagnostics.length > 0) throw new UserError(diagnostics);
  return { config, file };
}

interface NotJson {
  keys: PathKey[];
  got: string;
}

/** A JSON copy of `value`; `undefined` properties are dropped as "not set", everything else non-JSON is reported. */
function toJson(value: unknown, keys: PathKey[], ancestors: Set<object>, problems: NotJson[]): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) problems.push({ keys, got: String(value) });
    return value;
  }
  if (typeof value !== "object") {
    problems.push({ keys, got: typeof value === "function" ? "a function" : `a ${typeof value}` });
    return undefined;
  }
  if (ancestors.has(value)) {
    problems.push({ keys, got: "a circular reference" });
    return undefined;
  }
  ancestors.add(value);
  let copy: unknown;
  if (Array.isArray(value)) {
    copy = Array.from({ length: value.length }, (_, index) => {
      if (value[index] !== undefined) return toJson(value[index], [...keys, index], ancestors, problems);
      problems.push({ keys: [...keys, index], got: "undefined inside an array" });
      return null;
    });
  } else if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    copy = Object.fromEntries(entries.map(([key, item]) => [key, toJson(item, [...keys, key], ancestors, problems)]));
  } else {
    problems.push({ keys, got: `an instance of ${value.constructor?.name ?? "a class"}` });
  }
  ancestors.delete(value);
  return copy;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

