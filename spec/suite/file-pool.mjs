/**
 * Runs the test files in a pool of uvu processes, one process per file, longest file first (by
 * the durations a full run recorded), so two cores finish together instead of one waiting on
 * the other's tail. A file's output is printed whole when it ends, never interleaved.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Seconds a file took in the last recorded full run; a file not in it counts as this long. */
const UNRECORDED_SECONDS = 10;

export function readDurations(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

/** Whole seconds, keys sorted, so a re-record changes only the lines of files that moved. */
export function writeDurations(file, results) {
  const rounded = Object.fromEntries(results.map((r) => [r.file, Math.max(1, Math.round(r.seconds))]).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify(rounded, null, 2)}\n`);
}

export function longestFirst(files, durations) {
  const weight = (file) => durations[file] ?? UNRECORDED_SECONDS;
  return [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** uvu's own counts from a file's summary. */
function counts(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const read = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? 0);
  return { total: read("Total"), passed: read("Passed"), skipped: read("Skipped") };
}

function runFile(file, { repoRoot, specDir, env }) {
  const uvu = path.join(repoRoot, "node_modules", "uvu", "bin.js");
  const pattern = `^${escapeRegExp(path.relative(specDir, path.join(repoRoot, file)))}$`;
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", uvu, specDir, pattern], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], env });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on("close", (code, signal) => {
      const { total, passed, skipped } = counts(output);
      // A file that dies before its summary (a crash, a signal) counts as one failed test; uvu
      // exits 0 when a before hook throws, so its tests not passing fail the file too.
      const ok = code === 0 && !signal && passed + skipped === total;
      resolve({ file, ok, signal, output, seconds: (Date.now() - started) / 1000, total: total || (ok ? 0 : 1), passed, skipped });
    }),
  );
}

/**
 * Runs every file with `jobs` at a time; `report` sees each result as it ends. Resolves to all
 * results in the order they ended.
 */
export async function runFiles(files, { jobs, report, ...options }) {
  const queue = [...files];
  const results = [];
  async function worker() {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = await runFile(file, options);
      results.push(result);
      report(result);
    }
  }
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));
  return results;
}
