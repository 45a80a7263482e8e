/** The `sdk/*` modules an app may import: every one the contract and the design name. `sdk/runtime/*` is for generated code only. */
export const AVAILABLE_MODULES = new Set([
  "sdk", "sdk/config", "sdk/plugin", "sdk/react", "sdk/vue", "sdk/svelte", "sdk/solid", "sdk/client",
  "sdk/db", "sdk/schema", "sdk/schema-pg", "sdk/schema-mysql", "sdk/kv", "sdk/storage", "sdk/ai",
  "sdk/queue", "sdk/sandbox", "sdk/email", "sdk/ws", "sdk/env", "sdk/auth", "sdk/auth/client", "sdk/auth/plugins",
  "sdk/auth/react", "sdk/auth/vue", "sdk/auth/svelte", "sdk/auth/solid",
]);
