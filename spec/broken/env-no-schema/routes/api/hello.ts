import { defineHandler } from "sdk";
import { env } from "sdk/env";

export const GET = defineHandler(() => ({ env: Object.keys(env) }));
