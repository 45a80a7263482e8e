import { defineEnv, env } from "sdk";

export default defineEnv({
  server: { API_TOKEN: env.string() },
  public: { PUBLIC_SITE_NAME: env.string().default("Demo") },
});
