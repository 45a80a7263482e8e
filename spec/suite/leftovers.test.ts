/**
 * spec/suite/leftovers.mjs: a cancelled run stops every process it started, including one a test
 * forks while the sweep runs (a server started by a test file the sweep just killed).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
// @ts-expect-error: the suite's runner is plain JavaScript without types.
import { killUntilGone, markedProcesses, RUN_MARK } from "./leftovers.mjs";

/** A marked process that forks a marked, long-lived child every 5 ms. */
function spawner(runId: string) {
  const child = `setInterval(() => {}, 60_000)`;
  const code = `const { spawn } = require("node:child_process"); setInterval(() => spawn(process.execPath, ["-e", ${JSON.stringify(child)}], { stdio: "ignore" }), 5);`;
  return spawn(process.execPath, ["-e", code], { stdio: "ignore", env: { ...process.env, [RUN_MARK]: runId } });
}

test("every marked process is gone, the ones forked during the sweep too", async () => {
  const runId = randomUUID();
  const parent = spawner(runId);
  for (let waited = 0; markedProcesses(runId).length < 5 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(markedProcesses(runId).length >= 5, "the spawner forked");
  killUntilGone(runId);
  if (parent.exitCode === null && parent.signalCode === null) await new Promise((resolve) => parent.once("exit", resolve));
  assert.equal(markedProcesses(runId), []);
});

test.run();
