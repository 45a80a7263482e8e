import { defineConfig } from "sdk/config";

export default defineConfig({
  email: {
    from: "Support <support-at-example.com>",
  },
});
