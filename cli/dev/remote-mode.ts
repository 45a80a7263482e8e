/**
 * Remote mode of `sdk dev` (`remote: true` in sdk.config.ts, or SDK_REMOTE=1): the app's D1, KV
 * and R2 bindings reach the linked project's deployed resources through the platform's API, so
 * writes change real data; every other binding stays local. Those are the edge platform's
 * bindings, so the mode is for the edge target. It needs a login, a link and the resources' ids,
 * which `sdk deploy` records in sdk.lock.json (the generated wrangler.json carries them; R2
 * buckets go by name): whatever is missing is reported at once, each with its fix.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { error, UserError } from "../../compiler/diagnostics.js";
import type { AppIR } from "../../compiler/ir.js";
import { DEV_GENERATED_DIR, DEV_WRANGLER_FILE } from "../../emitters/dev.js";
import { apiBaseUrl } from "../platform/api.js";
import { resolveLogin } from "../platform/credentials.js";
import { readLink, type ProjectLink } from "../platform/link.js";
import type { WranglerJson } from "../preview/miniflare-options.js";
import type { RemoteKind } from "./remote-bindings-plugin.js";

export interface RemoteBinding {
  kind: RemoteKind;
  binding: string;
  /** The deployed database id, namespace id or bucket name. */
  resource: string;
}

export interface RemoteTarget {
  apiBaseUrl: string;
  /** The link's account: the one its worker, and so its resources, live in. */
  accountId: string;
  token: string;
  workerName: string;
  bindings: RemoteBinding[];
}

/** What `sdk dev` says of the mode; the token stays out of it. */
export type RemoteSummary = Pick<RemoteTarget, "workerName" | "bindings">;

/** Where the mode was asked for, as the errors name it; undefined when it is off. */
export function remoteRequest(config: AppIR["config"], env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (config.remote === true) return "`remote: true` in sdk.config.ts";
  if (env.SDK_REMOTE === "1" || env.SDK_REMOTE === "true") return "SDK_REMOTE=1";
  return undefined;
}

/** The remote target of the app just generated for `sdk dev`, undefined when the mode is off. */
export function remoteMode(root: string, ir: AppIR, env: NodeJS.ProcessEnv = process.env): RemoteTarget | undefined {
  const requestedBy = remoteRequest(ir.config, env);
  if (!requestedBy) return undefined;
  if (ir.target !== "edge") {
    throw new UserError([error("SDK_REMOTE_EDGE_ONLY", `remote mode (${requestedBy}) binds the edge platform's D1, KV and R2 resources, and sdk dev runs this app on ${ir.target}`, {
      hint: `run sdk dev on the edge target (--target edge), or turn remote mode off (${turnOff(requestedBy)})`,
    })]);
  }
  const wrangler = JSON.parse(readFileSync(path.join(root, DEV_GENERATED_DIR, DEV_WRANGLER_FILE), "utf8")) as WranglerJson;
  return checkRemoteRequirements({ requestedBy, login: resolveLogin(env), link: readLink(root), wrangler, apiBaseUrl: apiBaseUrl(env) });
}

export interface RemoteInputs {
  requestedBy: string;
  login: { token: string } | undefined;
  link: ProjectLink | undefined;
  /** The dev worker's generated wrangler.json. */
  wrangler: Pick<WranglerJson, "d1_databases" | "kv_namespaces" | "r2_buckets">;
  apiBaseUrl: string;
}

/** Pure: the target, or one error naming everything missing and how to fix each. */
export function checkRemoteRequirements({ requestedBy, login, link, wrangler, apiBaseUrl }: RemoteInputs): RemoteTarget {
  const bindings: RemoteBinding[] = [];
  const missing: string[] = [];
  const fixes: string[] = [];
  if (!login) {
    missing.push("sdk is not logged in");
    fixes.push("run sdk account login (or set SDK_API_TOKEN)");
  }
  if (!link) {
    missing.push("this folder is not linked to a project on the platform");
    fixes.push("run sdk project link");
  }
  let provisioned = true;
  const undeployed = (binding: string, what: string) => {
    provisioned = false;
    missing.push(`binding ${binding} has no deployed ${what} yet`);
  };
  for (const { binding, database_id: id } of wrangler.d1_databases ?? []) {
    if (isDeployed(id)) bindings.push({ kind: "d1", binding, resource: id });
    else undeployed(binding, "D1 database");
  }
  for (const { binding, id } of wrangler.kv_namespaces ?? []) {
    if (isDeployed(id)) bindings.push({ kind: "kv", binding, resource: id });
    else undeployed(binding, "KV namespace");
  }
  // Buckets are named, not numbered: the name in wrangler.json is the deployed bucket's.
  for (const { binding, bucket_name: name } of wrangler.r2_buckets ?? []) {
    if (name) bindings.push({ kind: "r2", binding, resource: name });
    else undeployed(binding, "R2 bucket");
  }
  if (!provisioned) fixes.push("run sdk deploy once: it provisions the resources and records their ids in sdk.lock.json");
  if (!login || !link || missing.length) {
    throw new UserError([error("SDK_REMOTE_UNAVAILABLE", `remote mode (${requestedBy}) cannot be used: ${missing.join("; ")}`, {
      hint: `${fixes.join(", then ")}; or turn remote mode off (${turnOff(requestedBy)})`,
    })]);
  }
  return { apiBaseUrl, accountId: link.accountId, token: login.token, workerName: link.workerName, bindings };
}

/** A local placeholder (`local-DB`) is what the build writes until a deploy provisions the resource. */
function isDeployed(id: string | undefined): id is string {
  return typeof id === "string" && id !== "" && !id.startsWith("local-");
}

function turnOff(requestedBy: string): string {
  return requestedBy === "SDK_REMOTE=1" ? "unset SDK_REMOTE" : "remove `remote: true` from sdk.config.ts";
}
