import { defineConfig } from "sdk/config";

export default defineConfig({
  routing: {
    headers: { "/*": ["X-Greeting: こんにちは"] },
  },
});
