#!/usr/bin/env node
/**
 * `npm test`: packs the package once, installs the tarball where the fixture apps find it, runs
 * the uvu suites against it, then fails the run if any process the suite started is still
 * running or any temporary folder is left. `node spec/run.mjs e2e-targets` runs matching files.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { installPackage, packPackage, TYPE_CHECKERS_DIR } from "./suite/install-package.mjs";
import { entriesIn, killAll, markedProcesses, RUN_MARK } from "./suite/leftovers.mjs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const filter = process.argv[2];
const pattern = filter ? `(${filter}).*\\.test\\.ts$` : "\\.test\\.ts$";

const suiteDir = mkdtempSync(path.join(os.tmpdir(), "sdk-suite-"));
const appsDir = path.join(suiteDir, "apps");
const tmpDir = path.join(suiteDir, "tmp");
mkdirSync(tmpDir);
const runId = randomUUID();

function runUvu(tarball) {
  const uvu = path.join(repoRoot, "node_modules", "uvu", "bin.js");
  const child = spawn(process.execPath, ["--import", "tsx", uvu, "spec", pattern], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, TMPDIR: tmpDir, SDK_TEST_APPS: appsDir, SDK_TEST_TYPE_CHECKERS: path.join(appsDir, TYPE_CHECKERS_DIR), SDK_TEST_TARBALL: tarball, [RUN_MARK]: runId },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code: code ?? 1, signal, output })));
}

/** uvu's summary as the one closing line CI reads, the cleanup check counted as one more test. */
function closingLine(output, cleanedUp) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0) + 1;
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0) + (cleanedUp ? 1 : 0);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  return `${passed} passed, ${total - passed - skipped} failed${skipped ? `, ${skipped} skipped` : ""}`;
}

/** What the run left behind; anything found is also stopped or removed. */
function leftovers() {
  const problems = [];
  const processes = markedProcesses(runId);
  if (processes.length) {
    problems.push(`${processes.length} process(es) the suite started are still running:`, ...processes.map((p) => `  ${p.pid} ${p.command}`));
    killAll(processes);
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

let result;
let problems;
try {
  const started = Date.now();
  const { tarball, bytes, files } = packPackage(repoRoot, suiteDir);
  installPackage(repoRoot, tarball, appsDir);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`packed ${path.basename(tarball)} (${(bytes / 1024).toFixed(1)} kB, ${files} files) and installed it in ${seconds} s`);
  result = await runUvu(tarball);
  problems = leftovers();
} finally {
  rmSync(suiteDir, { recursive: true, force: true });
}

if (problems.length) console.error(`\nThe run did not clean up after itself:\n${problems.join("\n")}`);
if (result.signal) console.error(`uvu was stopped by ${result.signal}`);
console.log(closingLine(result.output, problems.length === 0));
process.exitCode = result.code || (problems.length ? 1 : 0);
