import { defineHandler } from "sdk";
import * as mai from "sdk/ai";

export const GET = defineHandler(() => ({ has: typeof mai }));
