import { defineConfig } from "sdk/config";

export default defineConfig({
  sandbox: {
    instanceType: "huge",
  },
});
