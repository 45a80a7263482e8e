import { defineEnv, env } from "sdk";

export default defineEnv({
  server: { SITE_URL: env.url().default("https://example.com") },
  public: { SITE_URL: env.url().default("https://example.com") },
});
