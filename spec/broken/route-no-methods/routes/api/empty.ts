import { defineHandler } from "sdk";

export const handler = defineHandler(() => ({ ok: true }));
