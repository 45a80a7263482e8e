import { defineConfig } from "sdk/config";

export default defineConfig({
  worker: {
    limits: { cpu_ms: 0 },
  },
});
