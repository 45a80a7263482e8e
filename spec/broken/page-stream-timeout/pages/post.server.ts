import { defineHandler } from "sdk";

export const streamTimeout = "30s";

export const loader = defineHandler(() => ({ comments: Promise.resolve(["first"]) }));
