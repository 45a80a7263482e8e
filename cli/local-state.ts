/**
 * Where the edge bindings' local state lives: `.sdk/state/`, shared by `sdk dev`, `sdk preview`
 * and `sdk db migrate`, so data written by one is there for the others. Miniflare keeps it under
 * `v3/` (the layout Cloudflare's Vite plugin and wrangler use).
 */
import path from "node:path";

export const STATE_DIR = ".sdk/state";

export function persistRoot(root: string): string {
  return path.join(root, STATE_DIR, "v3");
}
