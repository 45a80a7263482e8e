/** Who the token is, the account it reaches, the account's Workers plan and workers.dev subdomain. */
import { createHash } from "node:crypto";
import { ok, type Platform, type Route } from "./http.ts";

export function accountRoutes({ state }: Platform): Route[] {
  return [
    {
      method: "GET",
      pattern: "/user/tokens/verify",
      // The server let the request in, so the bearer is one of the stand-in's tokens.
      handle: (request) => ok({ id: createHash("sha256").update(request.bearer!).digest("hex").slice(0, 32), status: "active" }),
    },
    {
      method: "GET",
      pattern: "/accounts",
      handle: () => ok([{ id: state.account.id, name: state.account.name }]),
    },
    {
      method: "GET",
      pattern: "/accounts/:a/subscriptions",
      handle: () => ok([{ id: "stand-in-workers-plan", rate_plan: { id: state.plan === "paid" ? "workers_paid" : "workers_free" } }]),
    },
    {
      method: "GET",
      pattern: "/accounts/:a/workers/subdomain",
      handle: () => ok({ subdomain: state.subdomain }),
    },
  ];
}
