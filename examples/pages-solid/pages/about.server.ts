import { defineHead } from "sdk";

export const prerender = true;

export const head = defineHead(() => ({ title: "About", meta: [{ name: "description", content: "about us" }] }));
