import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    prerender: ["/", "about"],
  },
});
