/**
 * Who the token is, the account it reaches, the account's subscriptions (Billing:Read) and its
 * workers.dev subdomain. A user's token is known to `/user/tokens/verify`; an account-owned one
 * only to `/accounts/{id}/tokens/verify` (the other answers code 1000, as wrangler's
 * `getTokenType` expects). An account may have no workers.dev subdomain yet: reading it answers
 * code 10007 until one is registered with PUT, as wrangler's `getWorkersDevSubdomain` handles.
 */
import { createHash } from "node:crypto";
import { ApiError, CODE, jsonBody, ok, paged, type ApiRequest, type Platform, type Route } from "./http.ts";

const tokenId = (request: ApiRequest) => createHash("sha256").update(request.bearer!).digest("hex").slice(0, 32);

/** workers.dev subdomains: wrangler's `registerSubdomain` checks names with this pattern. */
const SUBDOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export function accountRoutes({ state }: Platform): Route[] {
  const verified = (request: ApiRequest, owner: "user" | "account") => {
    if (request.grant?.owner !== owner) throw new ApiError(401, CODE.invalidToken, "Invalid API Token");
    return ok({ id: tokenId(request), status: "active" });
  };
  return [
    { method: "GET", pattern: "/user/tokens/verify", handle: (request) => verified(request, "user") },
    { method: "GET", pattern: "/accounts/:a/tokens/verify", handle: (request) => verified(request, "account") },
    {
      method: "GET",
      pattern: "/accounts",
      handle: (request) => paged([{ id: state.account.id, name: state.account.name, settings: { enforce_twofactor: false }, created_on: "2024-01-01T00:00:00Z" }], request.query, 20),
    },
    {
      method: "GET",
      pattern: "/accounts/:a/subscriptions",
      handle: () => ok([{ id: "0123456789abcdef0123456789abcdef", rate_plan: { id: state.plan === "paid" ? "workers_paid" : "workers_free" } }]),
    },
    {
      method: "GET",
      pattern: "/accounts/:a/workers/subdomain",
      handle() {
        if (!state.subdomain) throw new ApiError(404, CODE.resourceNotFound, "This account does not have a workers.dev subdomain yet");
        return ok({ subdomain: state.subdomain });
      },
    },
    {
      method: "PUT",
      pattern: "/accounts/:a/workers/subdomain",
      handle(request) {
        const { subdomain } = jsonBody<{ subdomain?: unknown }>(request);
        if (typeof subdomain !== "string" || !SUBDOMAIN.test(subdomain)) throw new ApiError(400, CODE.invalidRequest, `invalid workers.dev subdomain ${String(subdomain)}`);
        state.subdomain = subdomain;
        return ok({ subdomain });
      },
    },
  ];
}
