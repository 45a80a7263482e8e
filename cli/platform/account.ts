/** The account-level calls: who the token is, which accounts it reaches, their plan and workers.dev subdomain. */
import type { PlatformApi } from "./api.js";

export interface Account {
  id: string;
  name: string;
}

export type WorkerPlan = "free" | "paid";

/** `worker.limits.cpu_ms` allowed per plan (the contract's Limits). */
export const CPU_MS_CEILING: Record<WorkerPlan, number> = { free: 10, paid: 300_000 };

/** Error code the API answers a token it does not know with. */
export const INVALID_TOKEN = 1000;

export async function verifyToken(api: PlatformApi): Promise<{ id: string; status: string }> {
  return api.get("/user/tokens/verify");
}

export async function listAccounts(api: PlatformApi): Promise<Account[]> {
  return api.get("/accounts", { per_page: 50 });
}

/** The Workers plan from the account's subscriptions: paid when one is the Workers Paid rate plan. */
export async function workerPlan(api: PlatformApi, accountId: string): Promise<WorkerPlan> {
  const subscriptions = await api.get<{ rate_plan?: { id?: string } }[]>(`/accounts/${accountId}/subscriptions`);
  return subscriptions.some((subscription) => subscription.rate_plan?.id === "workers_paid") ? "paid" : "free";
}

/** The account's `<subdomain>.workers.dev`. */
export async function workersSubdomain(api: PlatformApi, accountId: string): Promise<string> {
  return (await api.get<{ subdomain: string }>(`/accounts/${accountId}/workers/subdomain`)).subdomain;
}
