import { defineHandler } from "sdk";

export const GET = defineHandler(() => ({ about: true }));
