import { defineHandler } from "sdk";
import { listItems } from "../shared/items";

/** GET /: the page's data, 50 items. */
export const loader = defineHandler(() => listItems());
