import { defineHandler } from "sdk";
import { env } from "sdk/env";

export const GET = defineHandler(() => ({ tokenLength: env.API_TOKEN.length }));
