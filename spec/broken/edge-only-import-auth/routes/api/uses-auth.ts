import { defineHandler } from "sdk";
import * as mauth from "sdk/auth";

export const GET = defineHandler(() => ({ has: typeof mauth }));
