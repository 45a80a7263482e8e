import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    rewrites: { "/u/:id": "/users/:name" },
  },
});
