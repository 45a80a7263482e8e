import { defineHandler } from "sdk";

export const GET = defineHandler(() => ({ ok: true }));
