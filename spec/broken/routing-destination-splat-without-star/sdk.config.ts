import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    redirects: { "/old": "/new/:splat" },
  },
});
