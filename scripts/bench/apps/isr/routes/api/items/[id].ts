import { defineHandler } from "sdk";

/** 64 KiB of text per answer, so the ISR store's byte bound, not its entry count, is what holds. */
const FILLER = "x".repeat(64 * 1024);

/** GET /api/items/:id: a large cacheable body, one ISR entry per id. */
export const GET = defineHandler((c) => ({ id: c.req.param("id"), filler: FILLER }));
