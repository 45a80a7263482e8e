import { defineConfig } from "sdk/config";

export default defineConfig({
  inference: { scanDirs: ["routes", "workers"] },
});
