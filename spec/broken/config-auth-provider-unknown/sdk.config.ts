import { defineConfig } from "sdk/config";

export default defineConfig({
  auth: {
    providers: ["email", "myspace"],
  },
});
