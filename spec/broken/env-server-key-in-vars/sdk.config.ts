import { defineConfig } from "sdk/config";

export default defineConfig({
  worker: {
    vars: { GREETING: "hello", API_TOKEN: "plain-text-secret" },
  },
});
