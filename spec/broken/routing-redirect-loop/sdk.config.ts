import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    redirects: { "/shop/*": "/shop/closed" },
  },
});
