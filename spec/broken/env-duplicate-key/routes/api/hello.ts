import { defineHandler } from "sdk";

export const GET = defineHandler(() => ({ message: "hello" }));
