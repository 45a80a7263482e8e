import { defineConfig } from "sdk/config";

export default defineConfig({
  head: { title: "Pages", titleTemplate: "%s · Pages", meta: [{ name: "description", content: "from the config" }] },
});
