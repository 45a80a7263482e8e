// A worker module in workerd through Miniflare, with the options `sdk preview` derives from a
// wrangler.json (lib/cli/preview/miniflare-options.js): what serve-worker.mjs serves and
// workerd-profile.mjs profiles, so both run a worker exactly as the figures measure it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import { miniflareOptions } from "../../../lib/cli/preview/miniflare-options.js";

/**
 * `assets: false` drops the asset layer (the worker never calls it); `persistRoot` is the
 * bindings' local state; `inspectorPort` opens the isolate's DevTools protocol.
 */
export function workerMiniflare(wranglerPath, workerPath, { listen, assets = true, persistRoot, inspectorPort }) {
  const { assets: assetsConfig, ...withoutAssets } = JSON.parse(readFileSync(wranglerPath, "utf8"));
  const wrangler = assets ? { ...withoutAssets, assets: assetsConfig } : withoutAssets;
  const local = { persistRoot, hyperdriveUrl: () => process.env.DATABASE_URL };
  const options = miniflareOptions(path.dirname(path.resolve(wranglerPath)), wrangler, listen, local);
  const worker = path.resolve(workerPath);
  // The options list the wrangler.json's own module; the worker under test replaces it, listed the
  // same way (one module, not walked for imports), so a hand-written worker may sit in another folder.
  return new Miniflare({ ...options, modules: [{ type: "ESModule", path: worker }], modulesRoot: path.dirname(worker), inspectorPort });
}
