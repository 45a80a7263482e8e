/**
 * The edge target in dev: the generated worker runs in workerd through Cloudflare's Vite plugin,
 * with the bindings its dev wrangler.json declares and their state persisted under `.sdk/state/`,
 * so data written in one dev session is there in the next. workerd's module runner drops a changed
 * module whether or not it compiles: the generated app keeps each route and page module's last
 * good version itself (runtime/dev/last-good.ts), and what the app prints comes through Vite's
 * logger (vite-config.ts), tagged with its request (runtime/dev/console-tags.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PluginOption } from "vite";
import { AI_STAND_IN_COMPATIBILITY_DATE, AI_STAND_IN_WORKER } from "../../emitters/ai-stand-in.js";
import { DEV_AI_STAND_IN_FILE, DEV_GENERATED_DIR, DEV_WRANGLER_FILE } from "../../emitters/dev.js";
import { aiStandInFor } from "../local-ai.js";
import { STATE_DIR } from "../local-state.js";
import { assertLocalCompatibilityDate } from "../preview/compatibility-date.js";
import { survivePipedSocketResets } from "../preview/socket-reset-guard.js";
import { emailStandInConfig, type Listen } from "./email-stand-in.js";
import { BRIDGE_TOKEN_VAR } from "../../runtime/dev/dashboard-bridge.js";
import { remoteBindingsConfig } from "./remote-bindings.js";
import type { RemoteTarget } from "./remote-mode.js";

/**
 * `listen`: where the dev server listens, which the email stand-in posts to. `remote`: in remote
 * mode, the D1, KV and R2 bindings that reach the deployed resources (cli/dev/remote-mode.ts).
 * `bridgeToken`: what the dashboard's calls to the worker carry (runtime/dev/dashboard-bridge.ts),
 * given as a var in memory only, so no file of the project holds it.
 */
export async function workerdPlugins(root: string, listen: Listen, bridgeToken: string, remote?: RemoteTarget): Promise<PluginOption[]> {
  // Miniflare would fetch a real `request.cf` from Cloudflare at every start; a local placeholder
  // serves dev, and dev must not depend on the network. Set it to true to fetch one.
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
  const { cloudflare } = await import("@cloudflare/vite-plugin");
  const configPath = path.join(root, DEV_GENERATED_DIR, DEV_WRANGLER_FILE);
  const { compatibility_date: compatibilityDate } = JSON.parse(readFileSync(configPath, "utf8")) as { compatibility_date: string };
  assertLocalCompatibilityDate(root, compatibilityDate, configPath, "sdk dev");
  survivePipedSocketResets();
  return cloudflare({
    configPath,
    persistState: { path: path.join(root, STATE_DIR) },
    inspectorPort: false,
    // The dev wrangler.json has no `ai` or `send_email` (they would ask for the platform): each is a stand-in.
    auxiliaryWorkers: [{ config: aiStandInConfig(root, configPath) }, { config: await emailStandInConfig(root, listen) }],
    config: (config) => {
      config.vars = { ...config.vars, [BRIDGE_TOKEN_VAR]: bridgeToken };
      return remote ? remoteBindingsConfig(remote)(config) : {};
    },
  });
}

/** Its vars live in memory only: CLOUDFLARE_API_TOKEN is never written to the generated folder. */
function aiStandInConfig(root: string, configPath: string) {
  const { account_id: accountId } = JSON.parse(readFileSync(configPath, "utf8")) as { account_id?: unknown };
  const { url, token } = aiStandInFor(root, accountId);
  return {
    name: AI_STAND_IN_WORKER,
    main: path.join(root, DEV_GENERATED_DIR, DEV_AI_STAND_IN_FILE),
    compatibility_date: AI_STAND_IN_COMPATIBILITY_DATE,
    vars: { ...(url && { SDK_AI_URL: url }), ...(token && { SDK_AI_TOKEN: token }) },
  };
}
