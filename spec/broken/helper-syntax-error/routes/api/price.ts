import { defineHandler } from "sdk";
import { format } from "../../lib/format.ts";

export const GET = defineHandler(() => ({ price: format(3) }));
