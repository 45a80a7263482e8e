import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    redirects: { "/old": 301 },
  },
});
