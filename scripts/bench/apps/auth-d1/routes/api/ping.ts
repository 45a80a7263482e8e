import { defineHandler } from "sdk";

// The floor: the same worker answering without any auth work (no cookie, so no session lookup).
export const GET = defineHandler(() => ({ ok: true }));
