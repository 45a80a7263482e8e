import { defineHandler } from "sdk";
import { greet } from "./nope.ts";

export const GET = defineHandler(() => ({ message: greet("world") }));
