/**
 * The names `sdk/kv`, `sdk/storage`, `sdk/ai` and `sdk/sandbox` find their bindings under in the
 * worker's env. `inference.bindings` and `sandbox.binding` may rename them, so the generated
 * platform.ts registers the app's names before the first request; an app built without it uses
 * the contract's defaults.
 */
export type PlatformBinding = "kv" | "storage" | "ai" | "sandbox";

export const DEFAULT_BINDING_NAMES: Readonly<Record<PlatformBinding, string>> = { kv: "KV", storage: "STORAGE", ai: "AI", sandbox: "SANDBOX" };

let names: Record<PlatformBinding, string> = { ...DEFAULT_BINDING_NAMES };

export function registerBindingNames(next: Partial<Record<PlatformBinding, string>>): void {
  names = { ...DEFAULT_BINDING_NAMES, ...next };
}

export function bindingName(kind: PlatformBinding): string {
  return names[kind];
}
