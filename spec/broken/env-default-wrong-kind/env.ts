import { defineEnv, env } from "sdk";

export default defineEnv({
  server: {
    PORT: env.number().default("3000"),
  },
});
