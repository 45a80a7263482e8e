import { defineHandler } from "sdk";
import { slowItems } from "../shared/items";

/** GET /streamed: the slow items as a promise, streamed into the page after its shell. */
export const loader = defineHandler((c) => ({ title: "Items", items: slowItems(c.req.url) }));
