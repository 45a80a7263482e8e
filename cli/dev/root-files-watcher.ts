/**
 * Watches a few files at the project root (sdk.config.ts, bundler.config.ts, .env) through one
 * watch of the root folder itself. Vite's file watcher reports most changes, but it can drop one
 * of several quick saves of the same file, and a config change must never be missed; a folder
 * watch also survives editors that save by renaming a new file into place.
 */
import { watch } from "node:fs";

/** A burst of events for one save (truncate, write) becomes one call. */
const SETTLE_MS = 10;

export function watchRootFiles(root: string, names: readonly string[], onChange: (name: string) => void): { close(): void } {
  const timers = new Map<string, NodeJS.Timeout>();
  const watcher = watch(root, { persistent: false }, (_event, filename) => {
    const name = filename?.toString();
    if (!name || !names.includes(name)) return;
    clearTimeout(timers.get(name));
    timers.set(name, setTimeout(() => {
      timers.delete(name);
      onChange(name);
    }, SETTLE_MS));
  });
  return {
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      watcher.close();
    },
  };
}
