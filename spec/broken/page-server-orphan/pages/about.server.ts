import { defineHandler } from "sdk";

export const loader = defineHandler(() => ({ title: "x" }));
