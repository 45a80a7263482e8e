import { listItems } from "../../shared/items";

/** GET /: the page's data, 50 items. */
export const load = () => listItems();
