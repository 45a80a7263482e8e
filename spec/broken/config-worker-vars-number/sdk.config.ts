import { defineConfig } from "sdk/config";

export default defineConfig({
  worker: {
    vars: { GREETING: "hi", RETRIES: 3 },
  },
});
