import { defineHandler } from "sdk";

export const GET = defineHandler(() => ({ now: new Date().toISOString() }));
