import { defineHandler } from "sdk";
import * as mkv from "sdk/kv";

export const GET = defineHandler(() => ({ has: typeof mkv }));
