import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    redirects: {
      "/old": { to: "/new", status: 305 },
    },
  },
});
