/**
 * What `sdk/ai` reaches when the worker runs on this machine (`sdk dev`, `sdk preview`), from the
 * environment or the root `.env` (a variable set in the shell wins): where the AI binding's
 * stand-in sends `run()` (SDK_AI_URL, else the account's Workers AI with CLOUDFLARE_API_TOKEN),
 * and SDK_AI_GATEWAY_URL, given to the worker as a var to replace the AI gateway's URL.
 */
import { aiStandInTarget, type AiStandInTarget } from "../emitters/ai-stand-in.js";
import { GATEWAY_URL_VARIABLE } from "../runtime/ai/gateway.js";
import { readEnvFile } from "./dev/env-file.js";

function localEnvironment(root: string): Record<string, string> {
  const shell = Object.entries(process.env).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return { ...readEnvFile(root), ...Object.fromEntries(shell) };
}

export function aiStandInFor(root: string, accountId: unknown): AiStandInTarget {
  return aiStandInTarget(localEnvironment(root), accountId);
}

/** Vars the worker gets beside wrangler.json's. */
export function localAiVars(root: string): Record<string, string> {
  const gatewayUrl = localEnvironment(root)[GATEWAY_URL_VARIABLE];
  return gatewayUrl ? { [GATEWAY_URL_VARIABLE]: gatewayUrl } : {};
}
