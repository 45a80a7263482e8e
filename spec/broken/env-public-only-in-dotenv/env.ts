import { defineEnv, env } from "sdk";

export default defineEnv({
  public: {
    PUBLIC_API_BASE: env.url(),
  },
});
