/**
 * The local stand-in for the AI binding, which `sdk dev` and `sdk preview` run as a second worker
 * beside the app's (emitters/templates/ai-stand-in.js.tpl says what it does). Where it sends
 * `run()`: SDK_AI_URL when set, else the Workers AI REST API of the account `edge.account_id`
 * names, authorized by CLOUDFLARE_API_TOKEN.
 */
import { renderTemplate } from "./template.js";

export const AI_STAND_IN_WORKER = "sdk-ai-stand-in";
export const AI_STAND_IN_COMPATIBILITY_DATE = "2026-04-01";

export function aiStandInScript(): string {
  return renderTemplate("ai-stand-in.js.tpl", {});
}

export interface AiStandInTarget {
  /** The base URL `run()` posts to (`<url>/run/<model>`), when there is one. */
  url?: string;
  token?: string;
}

/** The account's token goes only to Cloudflare's API, never to a URL from SDK_AI_URL. */
export function aiStandInTarget(environment: Readonly<Record<string, string | undefined>>, accountId: unknown): AiStandInTarget {
  if (environment.SDK_AI_URL) return { url: environment.SDK_AI_URL };
  if (typeof accountId !== "string") return {};
  const token = environment.CLOUDFLARE_API_TOKEN;
  return { url: `https://api.cloudflare.com/client/v4/accounts/${accountId}/ai`, ...(token && { token }) };
}
