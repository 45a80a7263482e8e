import { defineConfig } from "sdk/config";

export default defineConfig({
  target: "node",
  worker: { vars: { GREETING: "hello" } },
});
