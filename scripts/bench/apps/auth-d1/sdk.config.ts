import { defineConfig } from "sdk/config";

// A fixed secret in plain-text vars, for the benchmark only: a deployment sets AUTH_SECRET as a secret.
export default defineConfig({ worker: { vars: { AUTH_SECRET: "bench-only-secret-0123456789abcdefghijklmnop" } } });
