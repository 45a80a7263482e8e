/**
 * Scratch folders for tests. Each is removed when the test process exits, so a run leaves nothing
 * behind; `spec/run.mjs` fails the run if anything is still in its temporary folder afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const made = new Set<string>();
process.on("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under `parent` (default: the OS temporary folder), removed at exit. */
export function scratchDir(prefix: string, parent: string = os.tmpdir()): string {
  const dir = mkdtempSync(path.join(parent, `sdk-${prefix}-`));
  made.add(dir);
  return dir;
}

/** Removes a scratch folder now, for tests that make many. */
export function removeScratch(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}
