#!/usr/bin/env node
/**
 * `npm test`: packs the package once, installs the tarball where the fixture apps find it, runs
 * the uvu test files against it in a pool of processes, then fails the run if any process the
 * suite started is still running or any temporary folder is left.
 *
 *   node spec/run.mjs [filter] [--jobs N] [--record]
 *
 * `filter` runs the files whose paths match it; `--jobs` (or SDK_TEST_JOBS) sets how many files
 * run at once (default: the cores, at most 4); `--record` writes each file's duration to
 * spec/suite/durations.json, which orders the next runs longest first.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { longestFirst, readDurations, runFiles, writeDurations } from "./suite/file-pool.mjs";
import { installPackage, packPackage, TYPE_CHECKERS_DIR } from "./suite/install-package.mjs";
import { entriesIn, killUntilGone, markedProcesses, RUN_MARK } from "./suite/leftovers.mjs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const specDir = path.join(repoRoot, "spec");
const durationsFile = path.join(specDir, "suite", "durations.json");
const { values: options, positionals } = parseArgs({ allowPositionals: true, options: { jobs: { type: "string" }, record: { type: "boolean" } } });
const jobs = Number(options.jobs ?? process.env.SDK_TEST_JOBS ?? Math.min(4, os.availableParallelism()));
if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs must be a whole number of at least 1, not ${options.jobs ?? process.env.SDK_TEST_JOBS}`);
const filter = positionals[0] ? new RegExp(positionals[0]) : null;

const suiteDir = mkdtempSync(path.join(os.tmpdir(), "sdk-suite-"));
const appsDir = path.join(suiteDir, "apps");
const tmpDir = path.join(suiteDir, "tmp");
mkdirSync(tmpDir);
const runId = randomUUID();

// A run stopped from outside (CI's cancel, ^C) still stops what it started and removes its folder
// (once the packing, which runs synchronously, is done).
for (const [signal, code] of [["SIGTERM", 143], ["SIGINT", 130]]) {
  process.once(signal, () => {
    killUntilGone(runId);
    rmSync(suiteDir, { recursive: true, force: true });
    process.exit(code);
  });
}

/** Test files under spec/, as paths from the repository root. */
function testFiles() {
  return readdirSync(specDir, { recursive: true })
    .map((name) => path.join("spec", name))
    .filter((file) => file.endsWith(".test.ts") && !file.includes(`${path.sep}fixtures${path.sep}`) && !file.includes("node_modules") && (!filter || filter.test(file)));
}

function report(result) {
  const line = `${result.ok ? "ok  " : "FAIL"} ${result.file} (${result.passed}/${result.total} in ${result.seconds.toFixed(1)} s)`;
  if (result.ok) console.log(line);
  else console.log(`${line}${result.signal ? `, stopped by ${result.signal}` : ""}\n${result.output}`);
}

/** The one closing line CI reads, the cleanup check counted as one more test. */
function closingLine(results, cleanedUp) {
  const sum = (key) => results.reduce((total, result) => total + result[key], 0);
  const total = sum("total") + 1;
  const passed = sum("passed") + (cleanedUp ? 1 : 0);
  const skipped = sum("skipped");
  return `${passed} passed, ${total - passed - skipped} failed${skipped ? `, ${skipped} skipped` : ""}`;
}

function slowest(results, count) {
  return [...results].sort((a, b) => b.seconds - a.seconds).slice(0, count).map((r) => `  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file}`);
}

/** What the run left behind; anything found is also stopped or removed. */
function leftovers() {
  const problems = [];
  const processes = markedProcesses(runId);
  if (processes.length) {
    problems.push(`${processes.length} process(es) the suite started are still running:`, ...processes.map((p) => `  ${p.pid} ${p.command}`));
    killUntilGone(runId);
  }
  // tsx, which loads the test files, keeps its compile cache there.
  const tempLeft = entriesIn(tmpDir, [`tsx-${os.userInfo().uid}`]);
  if (tempLeft.length) problems.push("temporary folders left in the run's TMPDIR:", ...tempLeft.map((name) => `  ${name}`));
  const appsLeft = [
    ...entriesIn(appsDir, ["node_modules", "package.json", TYPE_CHECKERS_DIR]),
    ...entriesIn(path.join(appsDir, TYPE_CHECKERS_DIR), ["node_modules", "package.json"]).map((name) => `${TYPE_CHECKERS_DIR}/${name}`),
  ];
  if (appsLeft.length) problems.push("fixture copies left behind:", ...appsLeft.map((name) => `  ${name}`));
  return problems;
}

let results;
let problems;
const started = Date.now();
try {
  const { tarball, bytes, files } = packPackage(repoRoot, suiteDir);
  installPackage(repoRoot, tarball, appsDir);
  console.log(`packed ${path.basename(tarball)} (${(bytes / 1024).toFixed(1)} kB, ${files} files) and installed it in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const env = { ...process.env, TMPDIR: tmpDir, SDK_TEST_APPS: appsDir, SDK_TEST_TYPE_CHECKERS: path.join(appsDir, TYPE_CHECKERS_DIR), SDK_TEST_TARBALL: tarball, [RUN_MARK]: runId };
  const ordered = longestFirst(testFiles(), readDurations(durationsFile));
  console.log(`${ordered.length} test files, ${jobs} at a time`);
  results = await runFiles(ordered, { jobs, report, repoRoot, specDir, env });
  problems = leftovers();
} finally {
  rmSync(suiteDir, { recursive: true, force: true });
}

if (options.record) writeDurations(durationsFile, results);
console.log(`\nslowest files:\n${slowest(results, 8).join("\n")}\nall files in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (problems.length) console.error(`\nThe run did not clean up after itself:\n${problems.join("\n")}`);
const failed = results.filter((result) => !result.ok);
if (failed.length) console.log(`\nfailed files:\n${failed.map((result) => `  ${result.file}`).join("\n")}`);
console.log(closingLine(results, problems.length === 0));
process.exitCode = failed.length || problems.length ? 1 : 0;
