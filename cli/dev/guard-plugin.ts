/**
 * The dev server's first middlewares, ahead of Vite's own that read files and of Cloudflare's
 * plugin, on every address: files that are never served (served-files.ts) and, on the edge,
 * workerd's trigger handlers held to the rules of `/__sdk/` (sdk-endpoints.ts).
 */
import type { Plugin as VitePlugin } from "vite";
import type { DevLog } from "./dev-log.js";
import { workerdTriggersGuard } from "./sdk-endpoints.js";
import { servedFilesGuard, type ServedFilesLayout } from "./served-files.js";

export function guardPlugin(layout: () => ServedFilesLayout, log: DevLog, onEdge: boolean): VitePlugin {
  const reported = new Set<string>();
  // A page importing a server-only module: the browser's console shows only a failed import.
  const explain = (target: string, why: string) => {
    if (reported.has(target)) return;
    reported.add(target);
    log.info(`the browser asked for ${target}, refused: sdk dev never serves ${why}. A page or a module it imports imports it: move what the browser needs out of it.`);
  };
  return {
    name: "sdk:dev-guard",
    // Sorted before every plugin that is not "pre"; first in the list, so before those that are.
    enforce: "pre",
    configureServer(server) {
      if (onEdge) server.middlewares.use(workerdTriggersGuard());
      server.middlewares.use(servedFilesGuard(layout, explain));
    },
  };
}
