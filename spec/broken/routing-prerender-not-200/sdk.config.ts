import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    prerender: ["/api/missing"],
  },
});
