/**
 * Where `ai.provider(name).fetch()` sends requests: the AI gateway `ai.gateway` names on the
 * account `edge.account_id` names, both registered by the generated platform.ts. A URL in the
 * worker's `SDK_AI_GATEWAY_URL` binding (a var) replaces the gateway's, so the same code can talk
 * to a local stand-in.
 */
export const GATEWAY_ORIGIN = "https://gateway.ai.cloudflare.com/v1";
export const GATEWAY_URL_VARIABLE = "SDK_AI_GATEWAY_URL";

export interface AiGateway {
  accountId?: string;
  gateway?: string;
}

let configured: AiGateway = {};

export function registerAiGateway(gateway: AiGateway): void {
  configured = gateway;
}

/** The gateway's base URL, without a trailing slash; providers' paths go below it. */
export function gatewayBaseUrl(override: unknown, gateway: AiGateway = configured): string {
  if (typeof override === "string" && override !== "") return override.replace(/\/+$/, "");
  if (!gateway.gateway || !gateway.accountId) {
    const missing = [!gateway.gateway && "ai.gateway", !gateway.accountId && "edge.account_id"].filter(Boolean).join(" and ");
    throw new Error(`sdk/ai: ai.provider() goes through an AI gateway, but sdk.config.ts sets no ${missing}; set it, or give the worker a ${GATEWAY_URL_VARIABLE} var`);
  }
  return `${GATEWAY_ORIGIN}/${encodeURIComponent(gateway.accountId)}/${encodeURIComponent(gateway.gateway)}`;
}
