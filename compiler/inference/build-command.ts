/**
 * `inference.build`: a shell command run from the project root with the project's
 * `node_modules/.bin` first on PATH, so bare binaries and `&&` chains work. Its output streams
 * through as it runs; a failure stops the build with the command's own exit code.
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";
import path from "node:path";
import { error, UserError, type Diagnostic } from "../diagnostics.js";

export type OutputStream = "stdout" | "stderr";

export interface BuildCommandOptions {
  /** Added to (and overriding) the inherited environment. */
  env?: Record<string, string>;
  /** Where the command's output goes as it runs; default: our matching stream. */
  onOutput?: (text: string, stream: OutputStream) => void;
}

export type BuildCommandResult =
  | { ok: true; ms: number }
  | { ok: false; exitCode: number; output: string; ms: number };

/** How many of the last output lines a failure keeps. */
export const OUTPUT_TAIL_LINES = 50;
/** How many of those the one-line diagnostic quotes. */
const DIAGNOSTIC_TAIL_LINES = 3;
const MAX_QUOTED_LINE = 200;

const isWindows = process.platform === "win32";

export function runBuildCommand(root: string, command: string, options: BuildCommandOptions = {}): Promise<BuildCommandResult> {
  const cwd = path.resolve(root);
  const started = performance.now();
  const tail = new OutputTail(OUTPUT_TAIL_LINES);
  const echo = options.onOutput ?? ((text, stream) => process[stream].write(text));
  const [shell, args] = shellInvocation(command);

  return new Promise((resolve) => {
    const child = spawn(shell, args, {
      cwd,
      env: commandEnv(cwd, options.env),
      stdio: ["ignore", "pipe", "pipe"],
      windowsVerbatimArguments: isWindows,
    });
    for (const stream of ["stdout", "stderr"] as const) {
      child[stream].setEncoding("utf8");
      child[stream].on("data", (text: string) => {
        tail.push(text);
        echo(text, stream);
      });
    }
    const finish = (result: BuildCommandResult) => resolve(result);
    child.on("error", (cause) => {
      tail.push(`${cause.message}\n`);
      finish({ ok: false, exitCode: 127, output: tail.text(), ms: performance.now() - started });
    });
    child.on("close", (code, signal) => {
      const ms = performance.now() - started;
      const exitCode = code ?? signalExitCode(signal);
      finish(exitCode === 0 ? { ok: true, ms } : { ok: false, exitCode, output: tail.text(), ms });
    });
  });
}

/** The platform shell, invoked the way Node's own `shell: true` does. */
function shellInvocation(command: string): [string, string[]] {
  if (isWindows) return [process.env.ComSpec ?? "cmd.exe", ["/d", "/s", "/c", `"${command}"`]];
  return ["/bin/sh", ["-c", command]];
}

/** Windows spells the variable `Path`; whichever spelling is present is the one extended. */
function commandEnv(root: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === "PATH") ?? "PATH";
  const binDir = path.join(root, "node_modules", ".bin");
  env[pathKey] = env[pathKey] ? `${binDir}${path.delimiter}${env[pathKey]}` : binDir;
  return env;
}

/** A shell reports death by signal N as 128 + N; so do we. */
function signalExitCode(signal: NodeJS.Signals | null): number {
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

/** The last N lines of everything written, without keeping all of it. */
class OutputTail {
  private lines: string[] = [""];
  constructor(private readonly limit: number) {}

  push(text: string): void {
    const parts = text.replaceAll("\r\n", "\n").split("\n");
    this.lines[this.lines.length - 1] += parts[0];
    this.lines.push(...parts.slice(1));
    if (this.lines.length > this.limit + 1) this.lines = this.lines.slice(-(this.limit + 1));
  }

  text(): string {
    const complete = this.lines.at(-1) === "" ? this.lines.slice(0, -1) : this.lines;
    return complete.slice(-this.limit).join("\n");
  }
}

/** SDK_BUILD_COMMAND_FAILED, quoting the last lines of output (all of it already streamed above). */
export function buildCommandError(command: string, result: { exitCode: number; output: string }): Diagnostic {
  const quoted = result.output
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-DIAGNOSTIC_TAIL_LINES)
    .map((line) => (line.length > MAX_QUOTED_LINE ? `${line.slice(0, MAX_QUOTED_LINE)}…` : line));
  const last = quoted.length > 0 ? ` Last output: ${quoted.join(" | ")}` : " It printed nothing.";
  return error("SDK_BUILD_COMMAND_FAILED", `The build command \`${command}\` exited with code ${result.exitCode}.${last}`, {
    configPath: "inference.build",
    hint: "Fix the error shown in the command's output above (run the command alone from the project root to reproduce it), or set inference.build in sdk.config.ts to the command that builds this app.",
  });
}

/** The failure as a UserError that also carries the exit code the CLI should exit with. */
export class BuildCommandFailed extends UserError {
  readonly exitCode: number;
  readonly output: string;
  constructor(command: string, result: { exitCode: number; output: string }) {
    super([buildCommandError(command, result)]);
    this.name = "BuildCommandFailed";
    this.exitCode = result.exitCode;
    this.output = result.output;
  }
}
