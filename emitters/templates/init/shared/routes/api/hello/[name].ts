import { defineHandler } from "sdk";

/** GET /api/hello/ada -> { "message": "Hello, ada!" } */
export const GET = defineHandler((c) => ({ message: `Hello, ${c.req.param("name")}!` }));
