import { env } from "sdk/env";

export const tokenHint = () => env.API_TOKEN.slice(0, 4);
