import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    redirects: {
      "/a": { to: "/b", status: "301" },
    },
  },
});
