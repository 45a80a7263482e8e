/**
 * What a test run left behind: processes still carrying the run's mark in their environment
 * (every process the suite starts inherits it, workerd included), and entries in the run's
 * temporary folder (tests remove their scratch folders; Miniflare removes its own on dispose).
 */
import { readdirSync, readFileSync } from "node:fs";

export const RUN_MARK = "SDK_TEST_RUN";

function readProc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`);
  } catch {
    return null;
  }
}

/** Processes other than this one whose environment holds `SDK_TEST_RUN=<runId>`. */
export function markedProcesses(runId) {
  const mark = `${RUN_MARK}=${runId}`;
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const environ = readProc(entry, "environ");
    if (!environ || !environ.toString("utf8").split("\0").includes(mark)) continue;
    const command = readProc(entry, "cmdline")?.toString("utf8").split("\0").join(" ").trim();
    found.push({ pid: Number(entry), command: command || "(exited)" });
  }
  return found;
}

/** SIGKILL, after the report: the run has already failed, the machine must still be left clean. */
export function killAll(processes) {
  for (const { pid } of processes) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/**
 * Every process carrying the run's mark, SIGKILLed until none is left: a test file killed while it
 * starts a server may fork it after the sweep has read /proc, so one sweep can miss it (a node,
 * bun or workerd server left running after a cancelled run). Gives up after `rounds` sweeps.
 */
export function killUntilGone(runId, rounds = 20) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let round = 0; round < rounds; round++) {
    const found = markedProcesses(runId);
    if (found.length === 0) return;
    killAll(found);
    Atomics.wait(pause, 0, 0, 50);
  }
}

export function entriesIn(dir, expected = []) {
  return readdirSync(dir).filter((name) => !expected.includes(name));
}
