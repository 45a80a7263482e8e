import { defineConfig } from "sdk/config";

function requireEnv(name: string): string {
  throw new Error(`${name} is not set`);
}

export default defineConfig({
  worker: { vars: { API_KEY: requireEnv("API_KEY") } },
});
