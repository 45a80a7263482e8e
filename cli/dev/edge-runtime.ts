/**
 * The edge target in dev: the generated worker runs in workerd through Cloudflare's Vite plugin,
 * with the bindings its dev wrangler.json declares and their state persisted under `.sdk/state/`,
 * so data written in one dev session is there in the next. A saved module that does not compile
 * is answered with Vite's error page, located: workerd's module runner drops a changed module
 * whether or not it compiles, so the last good version cannot keep serving as it does on node.
 */
import path from "node:path";
import type { PluginOption } from "vite";
import { DEV_GENERATED_DIR, DEV_WRANGLER_FILE } from "../../emitters/dev.js";
import { STATE_DIR } from "../local-state.js";


export async function workerdPlugins(root: string): Promise<PluginOption[]> {
  // Miniflare would fetch a real `request.cf` from Cloudflare at every start; a local placeholder
  // serves dev, and dev must not depend on the network. Set it to true to fetch one.
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
  const { cloudflare } = await import("@cloudflare/vite-plugin");
  return cloudflare({
    configPath: path.join(root, DEV_GENERATED_DIR, DEV_WRANGLER_FILE),
    persistState: { path: path.join(root, STATE_DIR) },
    inspectorPort: false,
  });
}
