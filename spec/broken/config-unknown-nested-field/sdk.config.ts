import { defineConfig } from "sdk/config";

export default defineConfig({
  worker: {
    compatibility_date: "2026-03-01",
    limits: { cpu_ms: 50, memory_mb: 128 },
  },
});
