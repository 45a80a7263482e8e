/**
 * The root `.env`, read by `sdk dev` only: `sdk build` never opens it, so no value from it can
 * reach a production bundle. Values reach the app as the target's environment: `process.env` on
 * node (a variable already set in the shell wins, as with Vite and dotenv).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

export const ENV_FILE = ".env";

export function readEnvFile(root: string): Record<string, string> {
  const file = path.join(root, ENV_FILE);
  if (!existsSync(file)) return {};
  return parseEnv(readFileSync(file, "utf8")) as Record<string, string>;
}

/**
 * Sets the file's values in process.env, and unsets those an earlier read set that the file no
 * longer has. Returns what it set, for the next call.
 */
export function applyEnvFile(values: Record<string, string>, previouslySet: ReadonlySet<string>, shell: ReadonlySet<string>): Set<string> {
  for (const name of previouslySet) if (!(name in values)) delete process.env[name];
  const set = new Set<string>();
  for (const [name, value] of Object.entries(values)) {
    if (shell.has(name)) continue;
    process.env[name] = value;
    set.add(name);
  }
  return set;
}
