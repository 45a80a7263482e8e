import { defineConfig } from "sdk/config";

export default defineConfig({
  worker: { compatibility_date: "2026-03-01" ,
});
