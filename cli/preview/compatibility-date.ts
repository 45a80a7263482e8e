/**
 * The local workerd runs a worker only up to the compatibility date it was built with; a later
 * date (valid on the platform, which is always newer) makes it refuse to start, with a stack trace.
 * `sdk preview` and `sdk dev` check first and say where the date comes from and what to do.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { supportedCompatibilityDate } from "miniflare";
import { CONFIG_FILE } from "../../compiler/config/load.js";
import { createConfigLocator } from "../../compiler/config/locate.js";
import { error, UserError } from "../../compiler/diagnostics.js";

const CONFIG_PATH = ["worker", "compatibility_date"] as const;

/** `wranglerFile`: the generated file the date was read from, named when the config does not set it. */
export function assertLocalCompatibilityDate(root: string, date: string, wranglerFile: string, command: string): void {
  if (date <= supportedCompatibilityDate) return;
  const configFile = path.join(root, CONFIG_FILE);
  const located = existsSync(configFile) ? createConfigLocator(readFileSync(configFile, "utf8"))([...CONFIG_PATH], "value") : null;
  const where = located
    ? { file: CONFIG_FILE, line: located.line, column: located.column, configPath: CONFIG_PATH.join(".") }
    : { file: path.relative(root, wranglerFile).split(path.sep).join("/"), configPath: "compatibility_date" };
  throw new UserError([
    error(
      "SDK_COMPAT_DATE_UNSUPPORTED",
      `compatibility_date ${date} is newer than ${supportedCompatibilityDate}, the latest the local workerd supports, so \`${command}\` cannot run the worker.`,
      {
        ...where,
        hint: `Set worker.compatibility_date in ${CONFIG_FILE} to "${supportedCompatibilityDate}" or earlier (the platform accepts it too), or update the sdk package for a newer workerd.`,
      },
    ),
  ]);
}
