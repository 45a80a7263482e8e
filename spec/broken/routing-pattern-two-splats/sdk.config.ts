import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    headers: { "/a/*/b/*": ["X-A: 1"] },
  },
});
