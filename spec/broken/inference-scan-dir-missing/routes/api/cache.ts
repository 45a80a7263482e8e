import { defineHandler } from "sdk";
import { kv } from "sdk/kv";

export const GET = defineHandler(() => kv.get("cached"));
