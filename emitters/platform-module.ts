/**
 * The generated `platform.ts`: registers the binding names `sdk/kv`, `sdk/storage`, `sdk/ai` and
 * `sdk/sandbox` reach (renamed by `inference.bindings` and `sandbox.binding`) and, for `sdk/ai`, the AI gateway of `ai.gateway` on
 * the account of `edge.account_id`, for `sdk/email` the default sender `email.from`, and for
 * `sdk/env` env.ts's keys (emitters/env-module.ts). Emitted only for an edge app importing one of them.
 */
import { inferredBindingOf } from "../compiler/inference/bindings.js";
import type { AppIR } from "../compiler/ir.js";
import { SANDBOX_MODULE } from "../compiler/sandbox/settings.js";
import { envSlots, importsEnv } from "./env-module.js";
import { renderTemplate } from "./template.js";

const PLATFORM_KINDS = new Set(["kv", "storage", "ai", "sandbox"]);

function platformKindOf(specifier: string): string | undefined {
  return specifier === SANDBOX_MODULE ? "sandbox" : inferredBindingOf(specifier)?.kind;
}

/** Whether the app imports a module the platform module serves. */
export function needsPlatformModule(ir: AppIR): boolean {
  return ir.target === "edge" && (ir.sdkImports.some((i) => PLATFORM_KINDS.has(platformKindOf(i.specifier) ?? "")) || importsEmail(ir) || importsEnv(ir));
}

/** `sdk/email` reaches the fixed `SEND_EMAIL` binding: what it needs from here is its default sender. */
function importsEmail(ir: AppIR): boolean {
  return ir.sdkImports.some((i) => inferredBindingOf(i.specifier)?.kind === "email");
}

export function emitPlatformModule(ir: AppIR): string {
  const names = Object.fromEntries(ir.bindings.filter((b) => PLATFORM_KINDS.has(b.kind)).map((b) => [b.kind, b.name]));
  const usesAi = ir.sdkImports.some((i) => inferredBindingOf(i.specifier)?.kind === "ai");
  const gateway = { accountId: accountIdOf(ir), gateway: ir.config.ai?.gateway };
  return renderTemplate("platform.ts.tpl", {
    gatewayComment: usesAi ? ", and the AI gateway ai.provider() goes through" : "",
    gatewayImport: usesAi ? '\nimport { registerAiGateway } from "sdk/runtime/ai/gateway";' : "",
    names: JSON.stringify(names),
    gatewayRegistration: usesAi ? `\nregisterAiGateway(${JSON.stringify(gateway)});` : "",
    ...senderSlots(importsEmail(ir) ? ir.config.email?.from : undefined),
    ...envSlots(ir),
  });
}

/** Registered only when the config names one: without it a send must name its sender. */
function senderSlots(from: string | undefined): Record<"senderComment" | "senderImport" | "senderRegistration", string> {
  if (from === undefined) return { senderComment: "", senderImport: "", senderRegistration: "" };
  return {
    senderComment: ", and the default sender of sdk/email (email.from)",
    senderImport: '\nimport { registerDefaultSender } from "sdk/runtime/email/default-sender";',
    senderRegistration: `\nregisterDefaultSender(${JSON.stringify(from)});`,
  };
}

function accountIdOf(ir: AppIR): string | undefined {
  const accountId = ir.config.edge?.account_id;
  return typeof accountId === "string" ? accountId : undefined;
}
