/**
 * `sdk/env` while `sdk db generate` evaluates auth.ts: only the tables auth.ts's options imply
 * matter there, and the worker's variables do not exist, so every key reads as this placeholder
 * (URL-shaped, so `new URL(env.X)` and `${env.X}/token` hold) instead of failing.
 */
const ENV_PLACEHOLDER = "https://sdk-db-generate.invalid";

export const env: Record<string, string> = new Proxy({}, {
  get: (_, key) => (typeof key === "string" ? ENV_PLACEHOLDER : undefined),
});
