import { defineHandler } from "sdk";
import * as menv from "sdk/env";

export const GET = defineHandler(() => ({ has: typeof menv }));
