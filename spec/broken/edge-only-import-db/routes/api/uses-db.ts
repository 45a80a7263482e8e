import { defineHandler } from "sdk";
import * as mdb from "sdk/db";

export const GET = defineHandler(() => ({ has: typeof mdb }));
