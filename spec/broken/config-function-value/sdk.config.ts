import { defineConfig } from "sdk/config";

export default defineConfig({
  worker: {
    vars: { STARTED: () => new Date().toISOString() },
  },
});
