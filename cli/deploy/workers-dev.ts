/**
 * The worker's workers.dev URLs, as wrangler decides them (triggers/deploy.ts
 * `getSubdomainValues`): the `<name>.<subdomain>.workers.dev` route is on unless the config says
 * `workers_dev: false` (or, unsaid, the worker has routes); version preview URLs follow
 * `preview_urls`, else the route. Either needs the account's workers.dev subdomain, which a new
 * account does not have: it is registered before anything else is written, as wrangler's
 * `registerSubdomain` does, with the name asked on a terminal or given in SDK_WORKERS_SUBDOMAIN;
 * without either the deploy stops there, having changed nothing.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import { registerWorkersSubdomain, workersSubdomain } from "../platform/account.js";
import type { PlatformApi } from "../platform/api.js";
import { askLine, canPrompt } from "../platform/secret-input.js";

type Json = Record<string, unknown>;

export interface WorkersDevWanted {
  enabled: boolean;
  previews: boolean;
}

/** The subdomain pattern wrangler's `registerSubdomain` checks. */
const SUBDOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export function wantedWorkersDev(wrangler: Json): WorkersDevWanted {
  const routes = [wrangler.route, ...(Array.isArray(wrangler.routes) ? wrangler.routes : [])].filter(Boolean);
  const enabled = typeof wrangler.workers_dev === "boolean" ? wrangler.workers_dev : routes.length === 0;
  const previews = typeof wrangler.preview_urls === "boolean" ? wrangler.preview_urls : enabled;
  return { enabled, previews };
}

export interface SubdomainOptions {
  env?: NodeJS.ProcessEnv;
  /** Asks for a name; default: the terminal, when there is one. */
  ask?: () => Promise<string>;
}

/** The account's subdomain, registered first when it has none; undefined when the worker wants no workers.dev URL. */
async function ensureWorkersSubdomain(api: PlatformApi, accountId: string, wanted: WorkersDevWanted, options: SubdomainOptions = {}): Promise<{ subdomain?: string; registered: boolean }> {
  if (!wanted.enabled && !wanted.previews) return { registered: false };
  const existing = await workersSubdomain(api, accountId);
  if (existing) return { subdomain: existing, registered: false };
  const name = await subdomainName(options);
  return { subdomain: await registerWorkersSubdomain(api, accountId, name), registered: true };
}

/** The deploy's step: the subdomain (a placeholder on a dry run, which asks nothing), saying when it was registered. */
export async function subdomainStep(api: PlatformApi, accountId: string, wanted: WorkersDevWanted, report: { dryRun?: boolean; step: (line: string) => void; unchecked: string[] }): Promise<string | undefined> {
  if (!wanted.enabled && !wanted.previews) return undefined;
  if (report.dryRun) {
    report.unchecked.push("whether the account has a workers.dev subdomain");
    return "<subdomain>";
  }
  const ensured = await ensureWorkersSubdomain(api, accountId, wanted);
  if (ensured.registered) report.step(`registered the account's workers.dev subdomain ${ensured.subdomain}.workers.dev`);
  return ensured.subdomain;
}

async function subdomainName(options: SubdomainOptions): Promise<string> {
  const given = (options.env ?? process.env).SDK_WORKERS_SUBDOMAIN?.trim();
  const ask = options.ask ?? (canPrompt() ? () => askLine("The account has no workers.dev subdomain. Register one at <name>.workers.dev; name: ") : undefined);
  const name = given || (ask ? (await ask()).trim().toLowerCase() : undefined);
  if (!name) {
    throw new UserError([error("SDK_DEPLOY_NO_WORKERS_SUBDOMAIN", "the account has no workers.dev subdomain, which the worker's workers.dev URL and preview URLs need; nothing was changed", {
      hint: "run sdk deploy on a terminal to register one, set SDK_WORKERS_SUBDOMAIN=<name> to register that name, or set edge: { workers_dev: false, preview_urls: false } in sdk.config.ts to deploy without workers.dev",
    })]);
  }
  if (!SUBDOMAIN.test(name)) {
    throw new UserError([error("SDK_DEPLOY_WORKERS_SUBDOMAIN_INVALID", `"${name}" cannot be a workers.dev subdomain: lowercase letters, digits and inner hyphens only, at most 63`, {
      hint: given ? "fix SDK_WORKERS_SUBDOMAIN and deploy again" : "run sdk deploy again and give another name",
    })]);
  }
  return name;
}
