import { defineHandler } from "sdk";

/** GET /api/hello: the same JSON body every baseline sends. */
export const GET = defineHandler(() => ({ message: "hello, world" }));
