import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    revalidate: { "/api/ok": -1 },
  },
});
