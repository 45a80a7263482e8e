/**
 * Vite's file watcher (chokidar) reports a file's change, then ignores further changes to it for
 * 50 ms, with no event at the end of that window. A second save inside it (a formatter's rewrite,
 * an in-place save's write after its truncate) would go unseen: the module graph would keep the
 * first version, and the route table too. This re-checks each changed file once the window has
 * passed and reports a change the watcher swallowed, as the watcher itself would.
 */
import { statSync } from "node:fs";
import type { FSWatcher } from "vite";

/** Past chokidar's 50 ms change throttle. */
const RECHECK_MS = 60;

export function reportTrailingChanges(watcher: FSWatcher): void {
  const pending = new Set<string>();
  watcher.on("change", (file) => {
    if (pending.has(file)) return;
    const seen = modifiedAt(file);
    pending.add(file);
    setTimeout(() => {
      pending.delete(file);
      if (modifiedAt(file) === seen) return;
      watcher.emit("change", file);
      watcher.emit("all", "change", file);
    }, RECHECK_MS).unref();
  });
}

function modifiedAt(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}
