/**
 * The corpus of broken apps in spec/broken/: each has exactly one mistake, and `sdk build` must
 * report it as one located diagnostic line (code + file:line:col, and the config path for a config
 * value), exit 1 and print no stack.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, REPO_ROOT, runSdk, type CliResult } from "../helpers/sdk-cli.js";
import { removeScratch, scratchDir } from "../helpers/scratch.js";

interface Expected {
  code: string;
  /** Location as printed: `routes/a.ts:3:14`, `sdk.config.ts`, or "" for a mistake with no place. */
  where: string;
  /** For a mistake in a config value: its config path, which the line must name. */
  path?: string;
  /** Text the line's hint must contain. */
  hint?: string;
  target?: string;
  args?: string[];
  /** The command that meets the mistake, when it is not `sdk build` (`["db", "generate"]`). */
  command?: string[];
}

/** Codes whose diagnostics come from a config value, so they must name its path. */
const CONFIG_VALUE_CODES = new Set([
  "SDK_CONFIG_INVALID",
  "SDK_CONFIG_UNKNOWN_FIELD",
  "SDK_CONFIG_NOT_SERIALIZABLE",
  "SDK_ROUTING_PATTERN",
  "SDK_ROUTING_DESTINATION",
  "SDK_ROUTING_HEADER",
  "SDK_PRERENDER_FAILED",
  "SDK_SOURCEDIR_MISSING",
  "SDK_SOURCEDIR_OUTSIDE_ROOT",
  "SDK_SCAN_DIR_MISSING",
  "SDK_SANDBOX_IMAGE",
  "SDK_SANDBOX_IMAGE_MISSING",
  "SDK_SANDBOX_BUILD_CONTEXT",
]);

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
    const command = expected.command ?? ["build", "--target", expected.target ?? "node"];
    return runSdk([...command, "--root", root, ...(expected.args ?? []), ...extraArgs]);
  } finally {
    removeScratch(root);
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

/**
 * The config path follows the location: as the message's subject (`where: path must be …`), or
 * at the end of the location itself when the message is not about the value there.
 */
function namesConfigPath(line: string, expected: Expected): boolean {
  const prefix = `error ${expected.code} ${expected.where}`;
  return line.startsWith(`${prefix}: ${expected.path} `) || (expected.where.endsWith(` ${expected.path}`) && line.startsWith(`${prefix}:`));
}

/** A `Did you mean X?` hint never offers back the X the message says was given. */
function assertHintNotGiven(line: string): void {
  const given = / got (.+?)(?: Hint: |$)/.exec(line)?.[1];
  const suggestion = / Hint: .*Did you mean (.+?)\?/.exec(line)?.[1];
  if (given !== undefined && suggestion !== undefined) assert.is.not(suggestion, given, `the hint offers back the value given: ${line}`);
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
    if (CONFIG_VALUE_CODES.has(expected.code)) assert.type(expected.path, "string", `${name}: path`);
  }
});

for (const name of apps) {
  test(`broken app ${name}`, () => {
    const expected = readExpected(name);
    const result = buildBroken(name);
    const context = `\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
    assert.is(result.code, 1, `exit code${context}`);
    const lines = nonEmptyLines(result.stderr);
    const line = lines.find((l) => isDiagnosticFor(l, expected));
    assert.ok(line, `no line "error ${expected.code} ${expected.where}"${context}`);
    if (expected.path) assert.ok(namesConfigPath(line!, expected), `the line does not name ${expected.path} after the location${context}`);
    if (expected.hint) assert.ok(line!.split(" Hint: ")[1]?.includes(expected.hint), `the hint is not "${expected.hint}"${context}`);
    for (const each of lines) {
      assert.ok(/^(error|warning) SDK_[A-Z_]+[ :]/.test(each), `stderr line is not a diagnostic: ${each}${context}`);
      assertHintNotGiven(each);
    }
    assertNoStack(result.stderr, "stderr");
    assertNoStack(result.stdout, "stdout");
    assert.not.ok(ERROR_DUMP.test(result.stdout), `stdout has an error dump${context}`);
  });
}

for (const name of ["config-cpu-ms-zero", "config-redirect-status-string", "import-missing-relative", "route-conflict-group"]) {
  test(`--json reports ${name} as data`, () => {
    const expected = readExpected(name);
    const result = buildBroken(name, ["--json"]);
    assert.is(result.code, 1, result.stderr);
    const report = JSON.parse(result.stdout) as { ok: boolean; diagnostics: { code: string; severity: string; configPath?: string; hint?: string }[] };
    assert.is(report.ok, false);
    assert.ok(Array.isArray(report.diagnostics) && report.diagnostics.length > 0, "diagnostics");
    const reported = report.diagnostics.find((d) => d.code === expected.code && d.severity === "error");
    assert.ok(reported, result.stdout);
    if (expected.path) assert.is(reported!.configPath, expected.path);
    if (expected.hint) assert.match(reported!.hint ?? "", expected.hint);
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
  const cwd = scratchDir("cli");
  try {
    return runSdk(args, { cwd });
  } finally {
    removeScratch(cwd);
  }
}

test("an unknown command is refused in one line", () => {
  assertOneLineRefusal(runInScratch(["frobnicate"]), "frobnicate");
});

test("an unknown flag is refused in one line", () => {
  assertOneLineRefusal(runInScratch(["build", "--frob"]), "--frob");
});

test.run();
