/** Runs the real `sdk` command (cli/bin.mjs) for tests, and copies fixture apps to scratch folders. */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SDK_BIN = path.join(REPO_ROOT, "cli", "bin.mjs");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Plain output: the test runner's FORCE_COLOR would make Node warn that NO_COLOR is ignored. */
function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _forced, ...env } = process.env;
  return { ...env, NO_COLOR: "1", ...extra };
}

export function runSdk(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): CliResult {
  const result = spawnSync(process.execPath, [SDK_BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: plainEnv(options.env),
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh copy of `spec/<group>/<name>` in a temporary folder, so builds never write into the repo. */
export function copyFixture(group: "fixtures" | "broken", name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sdk-${name}-`));
  cpSync(path.join(REPO_ROOT, "spec", group, name), dir, { recursive: true });
  return dir;
}

/** Throws with the CLI's output when it failed, so a failing test shows why. */
export function expectSuccess(result: CliResult, what: string): CliResult {
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  return result;
}
