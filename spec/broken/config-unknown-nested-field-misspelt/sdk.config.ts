import { defineConfig } from "sdk/config";

export default defineConfig({
  worker: {
    limits: { cpuMs: 50 },
  },
});
