import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { REPO_ROOT } from "../helpers/source-graph.ts";
import { scratchDir } from "../helpers/scratch.ts";
// @ts-expect-error: the suite's runner is plain JavaScript without types.
import { runFiles } from "./file-pool.mjs";

interface FileResult {
  file: string;
  ok: boolean;
  total: number;
  passed: number;
}

/** Runs one uvu file in the pool, as `npm test` runs each. */
async function runOne(source: string): Promise<FileResult> {
  // Inside the repository, so the probe resolves uvu from its node_modules.
  const cache = path.join(REPO_ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const specDir = scratchDir("file-pool", cache);
  writeFileSync(path.join(specDir, "probe.test.ts"), source);
  const results: FileResult[] = await runFiles([path.relative(REPO_ROOT, path.join(specDir, "probe.test.ts"))], { jobs: 1, report: () => {}, repoRoot: REPO_ROOT, specDir, env: process.env });
  return results[0]!;
}

test("a file whose tests pass is ok", async () => {
  const result = await runOne('import { test } from "uvu";\ntest("fine", () => {});\ntest.run();\n');
  assert.equal([result.ok, result.total, result.passed], [true, 1, 1]);
});

test("a file whose before hook throws fails, though uvu exits 0 for it", async () => {
  const result = await runOne('import { test } from "uvu";\ntest.before(() => { throw new Error("no server"); });\ntest("a", () => {});\ntest("b", () => {});\ntest.run();\n');
  assert.is(result.ok, false);
  assert.is(result.passed, 0);
});

test.run();
