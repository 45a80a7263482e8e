/**
 * Runs the `sdk` command as users get it, from the packed tarball that `spec/run.mjs` installed,
 * and copies fixture apps under that install so they resolve `sdk` as an app does.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { scratchDir } from "./scratch.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Set by spec/run.mjs: the folder whose node_modules holds the installed tarball. */
const APPS_DIR = process.env.SDK_TEST_APPS;

/** Set by spec/run.mjs: a folder of the apps folder whose node_modules holds vue-tsc, svelte-check and TypeScript 6. */
const TYPE_CHECKERS_DIR = process.env.SDK_TEST_TYPE_CHECKERS;

/** The installed package's folder; only tests run by spec/run.mjs have one. */
export function installedApps(): string {
  if (!APPS_DIR) throw new Error("this test runs the packed package: run it with `npm test` or `node spec/run.mjs <file pattern>`");
  return APPS_DIR;
}

export function sdkBin(): string {
  return path.join(installedApps(), "node_modules", "sdk", "cli", "bin.mjs");
}

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

/** `input`: what the command reads on stdin (a piped token or secret). */
export function runSdk(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}): CliResult {
  const result = spawnSync(process.execPath, [sdkBin(), ...args], {
    cwd: options.cwd ?? installedApps(),
    env: plainEnv(options.env),
    ...(options.input !== undefined && { input: options.input }),
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `runSdk` without blocking this process: for commands that talk to a server this process runs
 * (the platform API stand-in), which spawnSync would keep from answering.
 */
export function runSdkAsync(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [sdkBin(), ...args], { cwd: options.cwd ?? installedApps(), env: plainEnv(options.env), stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.stdin.end(options.input ?? "");
  const timeout = setTimeout(() => child.kill(), 120_000);
  return new Promise((resolve) => child.on("close", (code) => {
    clearTimeout(timeout);
    resolve({ code: code ?? -1, stdout, stderr });
  }));
}

/** The type checkers' folder; apps copied under it resolve their TypeScript 6 first. */
export function typeCheckersDir(): string {
  installedApps();
  return TYPE_CHECKERS_DIR!;
}

/**
 * A fresh copy of `spec/<group>/<name>`, removed when the run ends: beside the installed package
 * when spec/run.mjs runs the test, so the app resolves `sdk` as a user's does; under `parent`
 * (typeCheckersDir()) when it needs the packages there.
 */
export function copyFixture(group: "fixtures" | "broken", name: string, parent: string | undefined = APPS_DIR): string {
  const dir = scratchDir(name, parent);
  cpSync(path.join(REPO_ROOT, "spec", group, name), dir, { recursive: true });
  return dir;
}

/** Throws with the CLI's output when it failed, so a failing test shows why. */
export function expectSuccess<Result extends CliResult>(result: Result, what: string): Result {
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  return result;
}
