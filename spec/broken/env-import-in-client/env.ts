import { defineEnv, env } from "sdk";

export default defineEnv({
  server: { API_TOKEN: env.string() },
});
