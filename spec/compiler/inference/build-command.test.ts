/** inference.build: real commands through the platform shell, node_modules/.bin on PATH, exit codes kept. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BuildCommandFailed, buildCommandError, runBuildCommand, type OutputStream } from "../../../compiler/inference/build-command.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "sdk-build-command-"));

test.after(() => rmSync(root, { recursive: true, force: true }));

/** Runs a command with its output captured instead of printed. */
async function run(command: string, env?: Record<string, string>) {
  const echoed: Array<[OutputStream, string]> = [];
  const result = await runBuildCommand(root, command, { env, onOutput: (text, stream) => echoed.push([stream, text]) });
  const streamed = (stream: OutputStream) => echoed.filter(([s]) => s === stream).map(([, text]) => text).join("");
  return { result, stdout: streamed("stdout"), stderr: streamed("stderr") };
}

test("&& chains run in order and stream their output", async () => {
  const { result, stdout } = await run("echo a && echo b");
  assert.is(result.ok, true);
  assert.is(stdout, "a\nb\n");
  assert.ok(result.ms >= 0);
});

test("a bare binary in node_modules/.bin is found", async () => {
  const bin = path.join(root, "node_modules", ".bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(path.join(bin, "mytool"), "#!/bin/sh\necho \"mytool ran in $(pwd) with $1\"\n");
  chmodSync(path.join(bin, "mytool"), 0o755);
  const { result, stdout } = await run("mytool build");
  assert.is(result.ok, true);
  assert.is(stdout, `mytool ran in ${root} with build\n`);
});

test("a failing command returns its exit code and output", async () => {
  const { result, stderr } = await run("sh -c 'echo boom >&2; exit 3'");
  assert.is(stderr, "boom\n");
  if (result.ok) return assert.unreachable("should fail");
  assert.is(result.exitCode, 3);
  assert.ok(result.output.includes("boom"));
});

test("a missing binary fails with the shell's 127", async () => {
  const { result } = await run("definitely-not-a-command-sdk");
  if (result.ok) return assert.unreachable("should fail");
  assert.is(result.exitCode, 127);
  assert.match(result.output, /definitely-not-a-command-sdk/);
});

test("env values reach the command, over inherited ones", async () => {
  const { result, stdout } = await run("echo \"$SDK_TEST_VALUE $HOME\"", { SDK_TEST_VALUE: "passed", HOME: "/custom-home" });
  assert.is(result.ok, true);
  assert.is(stdout, "passed /custom-home\n");
});

test("the output kept for the error is the last 50 lines", async () => {
  const { result } = await run("i=1; while [ $i -le 120 ]; do echo line$i; i=$((i+1)); done; exit 2");
  if (result.ok) return assert.unreachable("should fail");
  const lines = result.output.split("\n");
  assert.is(lines.length, 50);
  assert.is(lines[0], "line71");
  assert.is(lines[49], "line120");
});

test("SDK_BUILD_COMMAND_FAILED names the command, exit code, config path and last output on one line", () => {
  const diagnostic = buildCommandError("npm run build", { exitCode: 3, output: "compiling\n\nsrc/a.ts: boom\n" });
  assert.is(diagnostic.code, "SDK_BUILD_COMMAND_FAILED");
  assert.is(diagnostic.severity, "error");
  assert.is(diagnostic.configPath, "inference.build");
  assert.is(diagnostic.message, "The build command `npm run build` exited with code 3. Last output: compiling | src/a.ts: boom");
  assert.match(diagnostic.hint ?? "", /inference\.build/);
  assert.not.match(formatDiagnostic(diagnostic), /\n/);
});

test("BuildCommandFailed is a UserError carrying the exit code", () => {
  const failure = new BuildCommandFailed("make", { exitCode: 7, output: "" });
  assert.is(failure.exitCode, 7);
  assert.is(failure.diagnostics[0].message, "The build command `make` exited with code 7. It printed nothing.");
});

test.run();
