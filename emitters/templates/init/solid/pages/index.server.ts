import { defineHead } from "sdk";

// The page's head sits in its server module (where a loader would go), so the page file exports
// only its component, and an edit of it keeps the page's state.
export const head = defineHead(() => ({ title: "Welcome to sdk" }));
