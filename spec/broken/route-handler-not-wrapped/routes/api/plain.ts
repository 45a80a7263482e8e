import { defineHandler } from "sdk";

export const GET = defineHandler(() => ({ ok: true }));
export const POST = async () => ({ created: true });
