import { defineHandler } from "sdk";
import { slowItems } from "../shared/items";

/** GET /awaited: the loader waits for the slow items, so the whole page leaves at once. */
export const loader = defineHandler(async (c) => ({ title: "Items", items: await slowItems(c.req.url) }));
