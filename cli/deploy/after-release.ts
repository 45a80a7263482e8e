/**
 * What hangs off a live worker, set once the release has the traffic: the script's own settings
 * (a staged release's version upload cannot carry them), its routes and custom domains, its cron
 * schedules as wrangler.json's `triggers.crons` lists them (an empty list clears old ones), queue
 * consumers, inbound mail.
 */
import type { AppIR } from "../../compiler/ir.js";
import type { PlatformApi } from "../platform/api.js";
import { patchScriptSettings } from "../platform/script-versions.js";
import { putSchedules } from "../platform/scripts.js";
import { routeInboundMail, type EmailSetup } from "./email-setup.js";
import { connectQueueConsumers } from "./queue-consumers.js";
import type { DeployMode } from "./release.js";
import { attachRoutes, type PlannedRoute } from "./routes.js";
import { scriptSettings } from "./script-settings.js";

type Json = Record<string, unknown>;

export interface AfterRelease {
  api: PlatformApi;
  accountId: string;
  workerName: string;
  ir: AppIR;
  wrangler: Json;
  email: EmailSetup | undefined;
  script: unknown;
  mode: DeployMode;
  routes: PlannedRoute[];
  step: (line: string) => void;
}

export async function afterRelease({ api, accountId, workerName, ir, wrangler, email, script, mode, routes, step }: AfterRelease): Promise<void> {
  if (mode === "staged") await patchScriptSettings(api, accountId, workerName, scriptSettings(wrangler, "patch"));
  await attachRoutes(api, accountId, workerName, routes, step);
  const crons = ((wrangler.triggers as { crons?: string[] } | undefined)?.crons) ?? [];
  if (crons.length || script) await putSchedules(api, accountId, workerName, crons);
  await connectQueueConsumers(api, accountId, workerName, wrangler);
  if (email?.routesInbound && ir.jobs.email.length) {
    await routeInboundMail(api, email, workerName);
    step(`inbound mail for ${email.zone.name} goes to ${workerName}`);
  }
}
