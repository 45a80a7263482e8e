import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    fallbacks: { "/legacy/*": "legacy" },
  },
});
