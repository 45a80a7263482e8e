import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    headers: { "/*": ["X-A: a\r\nSet-Cookie: x=1"] },
  },
});
