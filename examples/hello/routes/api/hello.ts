import { defineHandler } from "sdk";

/** GET /api/hello: a plain return value is sent as JSON. */
export const GET = defineHandler((c) => ({ message: `hello, ${c.req.query("name") ?? "world"}` }));
