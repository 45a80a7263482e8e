/**
 * The account-level calls: who the token is, which accounts it reaches, their plan and workers.dev
 * subdomain. A token is a user's or an account's: `/user/tokens/verify` knows only the first and
 * answers code 1000 for the second, which `/accounts/{id}/tokens/verify` checks instead (as
 * wrangler's `getTokenType` tells them apart).
 */
import { PlatformApiError, type PlatformApi } from "./api.js";
import { listAll } from "./paging.js";

export interface Account {
  id: string;
  name: string;
}

export type WorkerPlan = "free" | "paid";

/** `worker.limits.cpu_ms` allowed per plan (the contract's Limits). */
export const CPU_MS_CEILING: Record<WorkerPlan, number> = { free: 10, paid: 300_000 };

/** Error code the API answers a token it does not know with. */
export const INVALID_TOKEN = 1000;

/** Error code of a resource the account does not have: also "no workers.dev subdomain yet". */
export const NOT_FOUND = 10007;

export interface TokenCheck {
  id: string;
  status: string;
  owner: "user" | "account";
}

/** The user's token check; undefined when the user check does not know the token (an account's token, or none). */
export async function verifyUserToken(api: PlatformApi): Promise<TokenCheck | undefined> {
  try {
    return { ...(await api.get<{ id: string; status: string }>("/user/tokens/verify")), owner: "user" };
  } catch (cause) {
    if (cause instanceof PlatformApiError && cause.hasCode(INVALID_TOKEN)) return undefined;
    throw cause;
  }
}

export async function verifyAccountToken(api: PlatformApi, accountId: string): Promise<TokenCheck> {
  return { ...(await api.get<{ id: string; status: string }>(`/accounts/${accountId}/tokens/verify`)), owner: "account" };
}

/** The user check, else the account check when the account is known; an unknown token is refused with code 1000 either way. */
export async function verifyToken(api: PlatformApi, accountId?: string): Promise<TokenCheck> {
  const asUser = await verifyUserToken(api);
  if (asUser) return asUser;
  if (accountId) return verifyAccountToken(api, accountId);
  throw new PlatformApiError("GET", "/user/tokens/verify", 401, [{ code: INVALID_TOKEN, message: "Invalid API Token" }]);
}

/** Every account the token reaches: 50 a page, the most the list gives. */
export async function listAccounts(api: PlatformApi): Promise<Account[]> {
  const accounts = await listAll<Account>(api, "/accounts", { by: "page", perPage: 50 });
  return accounts.map(({ id, name }) => ({ id, name }));
}

/**
 * The Workers plan from the account's subscriptions: paid when one is the Workers Paid rate plan.
 * Undefined when the token may not read them (Billing:Read, which a Workers token and wrangler's
 * own login do not have): wrangler never reads the plan, and the platform itself refuses an
 * upload over the plan's limits.
 */
export async function workerPlan(api: PlatformApi, accountId: string): Promise<WorkerPlan | undefined> {
  try {
    const subscriptions = await api.get<{ rate_plan?: { id?: string } }[]>(`/accounts/${accountId}/subscriptions`);
    return subscriptions.some((subscription) => subscription.rate_plan?.id === "workers_paid") ? "paid" : "free";
  } catch (cause) {
    if (cause instanceof PlatformApiError && cause.status === 403) return undefined;
    throw cause;
  }
}

/** The account's `<subdomain>.workers.dev` name; undefined when it has none yet (code 10007). */
export async function workersSubdomain(api: PlatformApi, accountId: string): Promise<string | undefined> {
  try {
    return (await api.get<{ subdomain: string }>(`/accounts/${accountId}/workers/subdomain`)).subdomain;
  } catch (cause) {
    if (cause instanceof PlatformApiError && cause.hasCode(NOT_FOUND)) return undefined;
    throw cause;
  }
}

/** Registers the account's workers.dev subdomain, as wrangler's `registerSubdomain` does. */
export async function registerWorkersSubdomain(api: PlatformApi, accountId: string, subdomain: string): Promise<string> {
  return (await api.request<{ subdomain: string }>("PUT", `/accounts/${accountId}/workers/subdomain`, { json: { subdomain } })).subdomain;
}
