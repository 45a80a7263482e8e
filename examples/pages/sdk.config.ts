import { defineConfig } from "sdk/config";

export default defineConfig({
  head: { title: "Example", titleTemplate: "%s · Example", meta: [{ name: "description", content: "An sdk app with pages" }] },
});
