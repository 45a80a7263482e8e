/** The `sdk/*` module paths of the contract, and which of them this version provides. */

/** Importable by an app today. `sdk/runtime/*` is for generated code only. */
export const AVAILABLE_MODULES = new Set([
  "sdk", "sdk/config", "sdk/plugin", "sdk/react", "sdk/vue", "sdk/svelte", "sdk/solid", "sdk/client",
  "sdk/db", "sdk/schema", "sdk/schema-pg", "sdk/schema-mysql", "sdk/kv", "sdk/storage", "sdk/ai",
  "sdk/queue", "sdk/sandbox", "sdk/email", "sdk/ws",
]);

/** Named by the contract, arriving with later capabilities. */
export const PLANNED_MODULES = new Set([
  "sdk/auth", "sdk/env",
]);
