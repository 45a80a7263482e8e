import { defineHandler } from "sdk";
import { greeting } from "../../src/greet.ts";

export const GET = defineHandler(() => ({ message: greeting("world") }));
