import { defineHandler } from "sdk";

/** The same 64 KiB answers as /api/items/:id, but on a path ISR does not cache: the figure's control. */
const FILLER = "x".repeat(64 * 1024);

/** GET /api/fresh/:id: what serving these bodies costs without the store. */
export const GET = defineHandler((c) => ({ id: c.req.param("id"), filler: FILLER }));
