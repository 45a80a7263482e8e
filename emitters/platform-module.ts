/**
 * The generated `platform.ts`: registers the binding names `sdk/kv`, `sdk/storage`, `sdk/ai` and
 * `sdk/sandbox` reach (renamed by `inference.bindings` and `sandbox.binding`) and, for `sdk/ai`, the AI gateway of `ai.gateway` on
 * the account of `edge.account_id`. Emitted only for an edge app importing one of them.
 */
import { inferredBindingOf } from "../compiler/inference/bindings.js";
import type { AppIR } from "../compiler/ir.js";
import { SANDBOX_MODULE } from "../compiler/sandbox/settings.js";
import { renderTemplate } from "./template.js";

const PLATFORM_KINDS = new Set(["kv", "storage", "ai", "sandbox"]);

function platformKindOf(specifier: string): string | undefined {
  return specifier === SANDBOX_MODULE ? "sandbox" : inferredBindingOf(specifier)?.kind;
}

/** Whether the app imports a module the platform module serves. */
export function needsPlatformModule(ir: AppIR): boolean {
  return ir.target === "edge" && ir.sdkImports.some((i) => PLATFORM_KINDS.has(platformKindOf(i.specifier) ?? ""));
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
  });
}

function accountIdOf(ir: AppIR): string | undefined {
  const accountId = ir.config.edge?.account_id;
  return typeof accountId === "string" ? accountId : undefined;
}
