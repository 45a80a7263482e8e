import { defineConfig } from "sdk/config";

export default defineConfig({
  sourceDir: "app",
});
