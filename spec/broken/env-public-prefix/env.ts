import { defineEnv, env } from "sdk";

export default defineEnv({
  public: {
    API_BASE: env.url().default("https://api.example.com"),
  },
});
