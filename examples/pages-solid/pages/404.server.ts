import { defineHead } from "sdk";

export const head = defineHead(() => ({ title: "Not found" }));
