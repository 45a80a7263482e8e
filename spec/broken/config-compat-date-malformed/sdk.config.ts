import { defineConfig } from "sdk/config";

export default defineConfig({
  worker: {
    compatibility_date: "March 1st 2026",
  },
});
