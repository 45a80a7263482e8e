/**
 * The corpus of broken apps in spec/broken/: each has exactly one mistake, and `sdk build` must
 * report it as one located diagnostic line (code + file:line:col), exit 1 and print no stack.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, REPO_ROOT, runSdk, type CliResult } from "./helpers/sdk-cli.js";

interface Expected {
  code: string;
  /** Location as printed: `routes/a.ts:3:14`, `sdk.config.ts`, or "" for a mistake with no place. */
  where: string;
  target?: string;
  args?: string[];
}

const BROKEN_DIR = path.join(REPO_ROOT, "spec", "broken");
const STACK_FRAME = /^\s+at /;
const ERROR_DUMP = /\b\w*Error: /;

const apps = readdirSync(BROKEN_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function readExpected(name: string): Expected {
  return JSON.parse(readFileSync(path.join(BROKEN_DIR, name, "expected.json"), "utf8")) as Expected;
}

function buildBroken(name: string, extraArgs: string[] = []): CliResult {
  const expected = readExpected(name);
  const root = copyFixture("broken", name);
  try {
    return runSdk(["build", "--root", root, "--target", expected.target ?? "node", ...(expected.args ?? []), ...extraArgs]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function nonEmptyLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== "");
}

/** `error SDK_X where: ...`, or `error SDK_X where ...` when the location has a config path after it. */
function isDiagnosticFor(line: string, expected: Expected): boolean {
  const prefix = expected.where ? `error ${expected.code} ${expected.where}` : `error ${expected.code}`;
  return line.startsWith(`${prefix}:`) || (expected.where !== "" && line.startsWith(`${prefix} `));
}

function assertNoStack(text: string, stream: string): void {
  for (const line of text.split(/\r?\n/)) {
    assert.not.ok(STACK_FRAME.test(line), `${stream} has a stack frame: ${line}`);
  }
}

test("the corpus has at least 30 broken apps, each with an expected.json", () => {
  assert.ok(apps.length >= 30, `only ${apps.length} apps`);
  for (const name of apps) {
    const expected = readExpected(name);
    assert.match(expected.code, /^SDK_[A-Z_]+$/, `${name}: code`);
    assert.type(expected.where, "string", `${name}: where`);
  }
});

for (const name of apps) {
  test(`broken app ${name}`, () => {
    const expected = readExpected(name);
    const result = buildBroken(name);
    const context = `\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
    assert.is(result.code, 1, `exit code${context}`);
    const lines = nonEmptyLines(result.stderr);
    assert.ok(lines.some((line) => isDiagnosticFor(line, expected)), `no line "error ${expected.code} ${expected.where}"${context}`);
    for (const line of lines) {
      assert.ok(/^(error|warning) SDK_[A-Z_]+[ :]/.test(line), `stderr line is not a diagnostic: ${line}${context}`);
    }
    assertNoStack(result.stderr, "stderr");
    assertNoStack(result.stdout, "stdout");
    assert.not.ok(ERROR_DUMP.test(result.stdout), `stdout has an error dump${context}`);
  });
}

for (const name of ["config-cpu-ms-zero", "import-missing-relative", "route-conflict-group"]) {
  test(`--json reports ${name} as data`, () => {
    const expected = readExpected(name);
    const result = buildBroken(name, ["--json"]);
    assert.is(result.code, 1, result.stderr);
    const report = JSON.parse(result.stdout) as { ok: boolean; diagnostics: { code: string; severity: string }[] };
    assert.is(report.ok, false);
    assert.ok(Array.isArray(report.diagnostics) && report.diagnostics.length > 0, "diagnostics");
    assert.ok(report.diagnostics.some((d) => d.code === expected.code && d.severity === "error"), result.stdout);
    assertNoStack(result.stderr, "stderr");
  });
}

function assertOneLineRefusal(result: CliResult, mentions: string): void {
  const lines = nonEmptyLines(result.stderr);
  assert.is(result.code, 1, `exit code\n${result.stdout}\n${result.stderr}`);
  assert.is(lines.length, 1, `stderr lines:\n${result.stderr}`);
  assert.ok(lines[0]!.includes(mentions), lines[0]);
  assertNoStack(result.stderr, "stderr");
  assertNoStack(result.stdout, "stdout");
  assert.not.ok(ERROR_DUMP.test(result.stdout + result.stderr), "error dump");
}

/** In an empty folder, so a flag that slipped through could not build anything real. */
function runInScratch(args: string[]): CliResult {
  const cwd = mkdtempSync(path.join(os.tmpdir(), "sdk-cli-"));
  try {
    return runSdk(args, { cwd });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

test("an unknown command is refused in one line", () => {
  assertOneLineRefusal(runInScratch(["frobnicate"]), "frobnicate");
});

test("an unknown flag is refused in one line", () => {
  assertOneLineRefusal(runInScratch(["build", "--frob"]), "--frob");
});

test.run();
