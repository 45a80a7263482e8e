import { defineConfig } from "sdk/config";

export const config = defineConfig({
  worker: { compatibility_date: "2026-03-01" },
});
