import { defineHandler } from "sdk";

/** GET /api/users/:id: one path parameter echoed back as JSON. */
export const GET = defineHandler((c) => ({ id: c.req.param("id") }));
