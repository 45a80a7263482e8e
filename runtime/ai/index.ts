/**
 * `sdk/ai`: Workers AI through the worker's `AI` binding (or the name `inference.bindings.ai`
 * gives), and other providers through the AI gateway `ai.gateway` names. Edge only; in `sdk dev`
 * and `sdk preview` the binding is a local stand-in (see docs/pages/kv-storage-ai.md).
 */
import { env } from "cloudflare:workers";
import { bindingOf } from "../platform/binding.js";
import { bindingName } from "../platform/binding-names.js";
import { createAi, type AiBinding } from "./ai.js";
import { gatewayBaseUrl, GATEWAY_URL_VARIABLE } from "./gateway.js";

export type { Ai, AiBinding, AiInputs, AiProvider, ImageInputs } from "./ai.js";

export const ai = createAi({
  binding: () => bindingOf<AiBinding>(env, bindingName("ai"), { module: "sdk/ai", kind: "AI", declaredIn: "ai" }),
  gatewayBaseUrl: () => gatewayBaseUrl(env[GATEWAY_URL_VARIABLE]),
});
