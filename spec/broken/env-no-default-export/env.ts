import { defineEnv, env } from "sdk";

export const schema = defineEnv({ server: { API_TOKEN: env.string() } });
